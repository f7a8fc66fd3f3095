import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import {
  createEvent,
  DAY,
  eventInput,
  HOUR,
  MINUTE,
  newBackend,
  SECOND,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
} from "../test.helpers";

// Local sign-in issues Convex Auth JWTs, signed with these.
withSigningKeys();

// Only the clock is fake: the limits read Date.now(), nothing here waits on timers.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const rateLimited = (seconds: number) => ({
  code: "RATE_LIMITED",
  message: `Muitas tentativas. Tente novamente em ${seconds} segundos.`,
});

async function chatSetup() {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const flooder = await signedInUser(t, { name: "Apressado" });
  const other = await signedInUser(t, { name: "Paciente" });
  const eventId = await createEvent(creator.as, { minSupportCents: 100, startsAt: Date.now() + 7 * DAY });
  await supportNow(t, flooder.as, { eventId, amountCents: 100 });
  await supportNow(t, other.as, { eventId, amountCents: 100 });
  return { t, creator, flooder, other, eventId };
}

describe("chat: 5 messages per 10 s per person", () => {
  test("the 6th message in a burst is refused with the real wait, and allowed after the window", async () => {
    const { t, flooder, eventId } = await chatSetup();
    for (let i = 1; i <= 5; i++) await flooder.as.mutation(api.chat.send, { eventId, body: `m${i}` });
    const before = await snapshot(t);
    // One token comes back every 2 s.
    expect(await rejectionData(flooder.as.mutation(api.chat.send, { eventId, body: "m6" }))).toEqual(rateLimited(2));
    expect(await snapshot(t)).toEqual(before);
    later(1_500);
    expect(await rejectionData(flooder.as.mutation(api.chat.send, { eventId, body: "m6" }))).toEqual({
      code: "RATE_LIMITED",
      message: "Muitas tentativas. Tente novamente em 1 segundo.",
    });
    later(10 * SECOND);
    for (let i = 6; i <= 10; i++) await flooder.as.mutation(api.chat.send, { eventId, body: `m${i}` });
  });

  test("one person's flood does not limit anyone else in the same chat", async () => {
    const { flooder, other, eventId } = await chatSetup();
    for (let i = 1; i <= 5; i++) await flooder.as.mutation(api.chat.send, { eventId, body: `m${i}` });
    expect((await rejectionData(flooder.as.mutation(api.chat.send, { eventId, body: "m6" }))).code).toBe("RATE_LIMITED");
    for (let i = 1; i <= 5; i++) await other.as.mutation(api.chat.send, { eventId, body: `oi ${i}` });
  });

  test("a refused message (empty) does not spend a token", async () => {
    const { t, flooder, eventId } = await chatSetup();
    for (let i = 1; i <= 5; i++) {
      expect((await rejectionData(flooder.as.mutation(api.chat.send, { eventId, body: "   " }))).code).toBe("INVALID_MESSAGE");
    }
    for (let i = 1; i <= 5; i++) await flooder.as.mutation(api.chat.send, { eventId, body: `m${i}` });
    expect((await t.run((ctx) => ctx.db.query("messages").collect())).length).toBe(5);
  });
});

describe("supports: 20 per minute per person", () => {
  test("the 21st support in a minute is refused, and allowed after the window", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const fan = await signedInUser(t, { name: "Fã" });
    const eventId = await createEvent(creator.as, { minSupportCents: 100, goalCents: 1_000_000, startsAt: Date.now() + 7 * DAY });
    for (let i = 1; i <= 20; i++) await supportNow(t, fan.as, { eventId, amountCents: 100 });
    const before = await snapshot(t);
    expect(await rejectionData(supportNow(t, fan.as, { eventId, amountCents: 100 }))).toEqual(rateLimited(3));
    expect(await snapshot(t)).toEqual(before);
    later(MINUTE);
    await supportNow(t, fan.as, { eventId, amountCents: 100 });
  });
});

describe("event creation: 10 per hour per person", () => {
  test("the 11th event in an hour is refused, and allowed after the window", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const startsAt = Date.now() + 7 * DAY;
    for (let i = 1; i <= 10; i++) await creator.as.mutation(api.events.create, eventInput({ name: `Evento ${i}`, startsAt }));
    const before = await snapshot(t);
    expect(await rejectionData(creator.as.mutation(api.events.create, eventInput({ startsAt })))).toEqual(rateLimited(360));
    expect(await snapshot(t)).toEqual(before);
    later(HOUR);
    await creator.as.mutation(api.events.create, eventInput({ startsAt }));
  });
});

describe("local sign-in: 10 per minute per e-mail", () => {
  const signIn = (t: ReturnType<typeof newBackend>, email: string) =>
    t.action(api.auth.signIn, { provider: "local", params: { name: "Maria", email } });

  test("the 11th sign-in with one e-mail in a minute is refused, other e-mails are not, and it is allowed after the window", async () => {
    const t = newBackend();
    for (let i = 1; i <= 10; i++) await signIn(t, "maria@exemplo.com");
    // Case does not make a new key: the e-mail is normalised first.
    expect(await rejectionData(signIn(t, "MARIA@exemplo.com"))).toEqual(rateLimited(6));
    await signIn(t, "joao@exemplo.com");
    later(MINUTE);
    await signIn(t, "maria@exemplo.com");
  });
});
