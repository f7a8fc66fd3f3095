import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import type { EventInput } from "../../model/shared/eventInput";
import { MESSAGES } from "../../model/shared/texts";
import { DAY, eventInput, newBackend, rejectionData, signedInUser, snapshot, type Caller, supportNow, deleteEvent } from "../test.helpers";

type World = { as: Caller; eventId: string; userId: string; deletedEventId: string };

/** A bad call, the code and the exact Portuguese message it must be refused with. */
type BadInput = [label: string, call: (w: World) => Promise<unknown>, code: string, message: string];

const INVALID_EVENT = ["INVALID_EVENT", MESSAGES.invalidEventInput] as const;
const createWith = (overrides: Partial<EventInput>) => (w: World) => w.as.mutation(api.events.create, eventInput(overrides));
const badEvents: [string, Partial<EventInput>][] = [
  ["empty name", { name: "" }],
  ["whitespace name", { name: "   \t " }],
  ["name over 120 characters", { name: "x".repeat(121) }],
  ["empty category", { category: "" }],
  ["unknown category", { category: "Teatro" }],
  ["category in the filter's lower case", { category: "música" }],
  ["category 'Todas'", { category: "Todas" }],
  ["start date NaN", { startsAt: Number.NaN }],
  ["start date Infinity", { startsAt: Number.POSITIVE_INFINITY }],
  ["start date with a fraction", { startsAt: Date.now() + DAY + 0.5 }],
  ["start date 50 years ahead", { startsAt: Date.now() + 50 * 365 * DAY }],
  ["goal zero", { goalCents: 0 }],
  ["negative goal", { goalCents: -10_000 }],
  ["goal with fractional cents", { goalCents: 1_000.5 }],
  ["goal NaN", { goalCents: Number.NaN }],
  ["goal above R$ 1 bilhão", { goalCents: 100_000_000_001 }],
  ["minimum zero", { minSupportCents: 0 }],
  ["negative minimum", { minSupportCents: -500 }],
  ["minimum above the goal", { goalCents: 1_000, minSupportCents: 1_001 }],
  ["minimum Infinity", { minSupportCents: Number.POSITIVE_INFINITY }],
  ["goal percentage zero", { goalPercentage: 0 }],
  ["goal percentage above 100", { goalPercentage: 101 }],
  ["fractional goal percentage", { goalPercentage: 50.5 }],
  ["goal percentage NaN", { goalPercentage: Number.NaN }],
  ["image javascript:alert(1)", { imageUrl: "javascript:alert(1)" }],
  ["image data: URL", { imageUrl: "data:image/svg+xml;base64,PHN2Zz4=" }],
  ["image ftp: URL", { imageUrl: "ftp://example.com/a.png" }],
  ["image relative path", { imageUrl: "/images/a.png" }],
  ["image without host", { imageUrl: "http://" }],
  ["image not a URL", { imageUrl: "imagem bonita" }],
  ["image URL over 2048 characters", { imageUrl: `https://example.com/${"a".repeat(2048)}` }],
];

const INVALID_AMOUNT = ["INVALID_AMOUNT", MESSAGES.invalidAmount] as const;
const supportWith = (amountCents: number, eventId?: (w: World) => string) => (w: World) =>
  w.as.mutation(api.supports.support, { eventId: eventId ? eventId(w) : w.eventId, amountCents });
const NOT_FOUND = ["EVENT_NOT_FOUND", MESSAGES.eventNotFound] as const;

const chatWith = (body: string, eventId?: (w: World) => string) => (w: World) =>
  w.as.mutation(api.chat.send, { eventId: eventId ? eventId(w) : w.eventId, body });

const BAD_INPUTS: BadInput[] = [
  ...badEvents.map(([label, overrides]): BadInput => [`events:create ${label}`, createWith(overrides), ...INVALID_EVENT]),
  ["events:create start date in the past", createWith({ startsAt: Date.now() - DAY }), "EVENT_IN_PAST", MESSAGES.eventInPast],
  ["events:create start date now", (w) => createWith({ startsAt: Date.now() })(w), "EVENT_IN_PAST", MESSAGES.eventInPast],
  ["supports:support amount zero", supportWith(0), ...INVALID_AMOUNT],
  ["supports:support negative amount", supportWith(-100), ...INVALID_AMOUNT],
  ["supports:support fractional cents", supportWith(0.5), ...INVALID_AMOUNT],
  ["supports:support NaN", supportWith(Number.NaN), ...INVALID_AMOUNT],
  ["supports:support Infinity", supportWith(Number.POSITIVE_INFINITY), ...INVALID_AMOUNT],
  ["supports:support above the cap", supportWith(100_000_000_001), ...INVALID_AMOUNT],
  ["supports:support empty event id", supportWith(1_000, () => ""), ...NOT_FOUND],
  ["supports:support malformed event id", supportWith(1_000, () => "abc123"), ...NOT_FOUND],
  ["supports:support a user's id as event id", supportWith(1_000, (w) => w.userId), ...NOT_FOUND],
  ["supports:support deleted event", supportWith(1_000, (w) => w.deletedEventId), ...NOT_FOUND],
  ["chat:send empty body", chatWith(""), "INVALID_MESSAGE", MESSAGES.emptyMessage],
  ["chat:send whitespace body", chatWith("  \n\t  "), "INVALID_MESSAGE", MESSAGES.emptyMessage],
  ["chat:send body over 1000 characters", chatWith("a".repeat(1001)), "INVALID_MESSAGE", MESSAGES.messageTooLong],
  ["chat:send malformed event id", chatWith("oi", () => "xyz"), ...NOT_FOUND],
  ["chat:send deleted event", chatWith("oi", (w) => w.deletedEventId), ...NOT_FOUND],
  [
    "chat:list malformed event id",
    (w) => w.as.query(api.chat.list, { eventId: "%%%", paginationOpts: { numItems: 10, cursor: null } }),
    ...NOT_FOUND,
  ],
];

describe("bad input is refused in Portuguese and changes nothing", () => {
  test("the catalogue has at least 40 distinct cases", () => {
    expect(new Set(BAD_INPUTS.map(([label]) => label)).size).toBeGreaterThanOrEqual(40);
  });

  test.each(BAD_INPUTS)("%s", async (_label, call, code, message) => {
    const t = newBackend();
    const { as, userId } = await signedInUser(t);
    const eventId = await as.mutation(api.events.create, eventInput({ minSupportCents: 100 }));
    await supportNow(t, as, { eventId, amountCents: 100 }); // may use the chat
    const deletedEventId = await as.mutation(api.events.create, eventInput({ name: "Apagado" }));
    await deleteEvent(t, deletedEventId);
    const before = await snapshot(t);

    const error = await rejectionData(call({ as, eventId, userId, deletedEventId }));

    expect(error).toEqual({ code, message });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("every mutation is refused when signed out", () => {
  test.each([
    ["events:create", (t: ReturnType<typeof newBackend>) => t.mutation(api.events.create, eventInput())],
    [
      "supports:support",
      (t: ReturnType<typeof newBackend>, id: string) => t.mutation(api.supports.support, { eventId: id, amountCents: 1_000 }),
    ],
    ["chat:send", (t: ReturnType<typeof newBackend>, id: string) => t.mutation(api.chat.send, { eventId: id, body: "oi" })],
  ] as const)("%s", async (_name, call) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const eventId = await as.mutation(api.events.create, eventInput());
    const before = await snapshot(t);
    const error = await rejectionData(call(t, eventId));
    expect(error.code).toBe("NOT_SIGNED_IN");
    expect(error.message).toMatch(/^Você precisa estar logado/);
    expect(await snapshot(t)).toEqual(before);
  });
});
