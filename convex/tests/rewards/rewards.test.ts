import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { RewardInput } from "../../model/shared/rewards";
import {
  advanceClock,
  allRows,
  createEvent,
  DAY,
  eventInput,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
  workQueues,
  type Backend,
  type Caller,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const SHIRT: RewardInput = {
  title: "Camiseta",
  description: "Camiseta oficial do evento",
  minimumCents: 3_000,
  quantity: 2,
  deliveryMonth: "2027-03",
  question: { label: "Tamanho da camiseta", choices: ["P", "M", "G"] },
};
const POSTER: RewardInput = { title: "Pôster", description: "Pôster autografado", minimumCents: 1_000 };

/** A creator's event (goal R$ 500,00) with the shirt (2 units, a size question) and the poster, and three supporters. */
async function setup(rewards: RewardInput[] = [SHIRT, POSTER]) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const people = await Promise.all(
    ["Ana", "Bia", "Caio"].map((name) => signedInUser(t, { name, email: `${name.toLowerCase()}@exemplo.com` })),
  );
  const startsAt = Date.now() + 2 * DAY;
  const base = { goalCents: 50_000, minSupportCents: 500, startsAt };
  const eventId = await createEvent(creator.as, { ...base, rewards });
  const list = () => t.query(api.rewards.list, { eventId });
  const ids = async () => (await list()).map((reward) => reward._id as string);
  const edit = (next: RewardInput[], as: Caller = creator.as) =>
    as.mutation(api.events.update, { id: eventId, ...eventInput({ ...base, rewards: next }) });
  return { t, creator, people, eventId, list, ids, edit, base };
}

const wallet = (as: Caller) => as.query(api.users.me, {}).then((me) => me?.walletCents);

async function expectRefusedUnchanged(t: Backend, call: Promise<unknown>, message: string) {
  const before = await snapshot(t);
  expect((await rejectionData(call)).message).toBe(message);
  expect(await snapshot(t)).toEqual(before);
}

describe("Recompensas: the organizer's list", () => {
  test("created with the event, in order, with what is left", async () => {
    const { list } = await setup();
    expect(await list()).toMatchObject([
      { title: "Camiseta", minimumCents: 3_000, quantity: 2, remaining: 2, soldOut: false, deliveryMonth: "2027-03" },
      { title: "Pôster", minimumCents: 1_000, quantity: null, remaining: null, soldOut: false, question: null },
    ]);
  });

  const bad: [string, RewardInput[] | (() => RewardInput[]), string][] = [
    ["an empty title", [{ ...POSTER, title: "   " }], "Dê um título a cada recompensa."],
    ["a minimum of 0", [{ ...POSTER, minimumCents: 0 }], "O valor mínimo da recompensa deve ser maior que zero e não pode passar da meta."],
    [
      "a minimum above the goal",
      [{ ...POSTER, minimumCents: 50_001 }],
      "O valor mínimo da recompensa deve ser maior que zero e não pode passar da meta.",
    ],
    ["a negative quantity", [{ ...POSTER, quantity: -1 }], "A quantidade da recompensa deve ser um número inteiro maior que zero."],
    ["a fractional quantity", [{ ...POSTER, quantity: 1.5 }], "A quantidade da recompensa deve ser um número inteiro maior que zero."],
    [
      "more than 20 rewards",
      Array.from({ length: 21 }, (_, i) => ({ ...POSTER, title: `R${i}` })),
      "Um evento pode ter no máximo 20 recompensas.",
    ],
    [
      "a question with no choices",
      [{ ...SHIRT, question: { label: "Tamanho", choices: [] } }],
      "Dê ao menos uma opção para a pergunta da recompensa.",
    ],
    [
      "a question with 9 choices",
      [{ ...SHIRT, question: { label: "Tamanho", choices: "ABCDEFGHI".split("") } }],
      "A pergunta pode ter no máximo 8 opções.",
    ],
    ["a month that is not one", [{ ...POSTER, deliveryMonth: "2027-13" }], "Informe a entrega prevista como mês e ano válidos."],
  ];

  test.each(bad)("create with %s: refused, nothing written", async (_, rewards, message) => {
    const { t, creator } = await setup([]);
    const list = typeof rewards === "function" ? rewards() : rewards;
    await expectRefusedUnchanged(t, createEvent(creator.as, { rewards: list }), message);
  });

  test.each(bad)("edit with %s: refused, nothing written", async (_, rewards, message) => {
    const { t, edit } = await setup();
    const list = typeof rewards === "function" ? rewards() : rewards;
    await expectRefusedUnchanged(t, edit(list), message);
  });

  test("a question without a choices list takes free text; 20 rewards are fine", async () => {
    const { edit, list } = await setup([]);
    await edit([
      { ...POSTER, question: { label: "Nome para os créditos" } },
      ...Array.from({ length: 19 }, (_, i) => ({ ...POSTER, title: `R${i}` })),
    ]);
    expect(await list()).toHaveLength(20);
    expect((await list())[0]).toMatchObject({ question: { label: "Nome para os créditos" } });
  });

  test("after supports: rewards may be added and quantities raised, never lowered below what was taken", async () => {
    const { t, people, eventId, ids, edit, list } = await setup();
    const [shirtId, posterId] = await ids();
    await supportNow(t, people[0]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "M" });
    await edit([
      { ...SHIRT, id: shirtId, quantity: 5 },
      { ...POSTER, id: posterId },
      { title: "Nome no palco", description: "", minimumCents: 5_000 },
    ]);
    expect((await list()).map((reward) => [reward.title, reward.remaining])).toEqual([
      ["Camiseta", 4],
      ["Pôster", null],
      ["Nome no palco", null],
    ]);
    await expectRefusedUnchanged(
      t,
      edit([
        { ...SHIRT, id: shirtId, quantity: 0 },
        { ...POSTER, id: posterId },
      ]),
      "A quantidade da recompensa deve ser um número inteiro maior que zero.",
    );
    await supportNow(t, people[1]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "P" });
    await expectRefusedUnchanged(
      t,
      edit([
        { ...SHIRT, id: shirtId, quantity: 1 },
        { ...POSTER, id: posterId },
      ]),
      "A quantidade não pode ficar abaixo das 2 já escolhidas.",
    );
    await edit([
      { ...SHIRT, id: shirtId, quantity: 2 },
      { ...POSTER, id: posterId },
    ]);
    expect((await list())[0]).toMatchObject({ remaining: 0, soldOut: true });
  });

  test("the minimum of a reward someone chose is frozen, and it cannot be removed; others can", async () => {
    const { t, people, eventId, ids, edit, list } = await setup();
    const [shirtId, posterId] = await ids();
    await supportNow(t, people[0]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "G" });
    await expectRefusedUnchanged(
      t,
      edit([
        { ...SHIRT, id: shirtId, minimumCents: 2_000 },
        { ...POSTER, id: posterId },
      ]),
      "O valor mínimo de uma recompensa já escolhida não pode mudar.",
    );
    await expectRefusedUnchanged(t, edit([{ ...POSTER, id: posterId }]), "Uma recompensa já escolhida não pode ser removida.");
    await edit([
      { ...SHIRT, id: shirtId, title: "Camiseta preta" },
      { ...POSTER, id: posterId, minimumCents: 1_500 },
    ]);
    await edit([{ ...SHIRT, id: shirtId, title: "Camiseta preta" }]);
    expect((await list()).map((reward) => [reward.title, reward.minimumCents])).toEqual([["Camiseta preta", 3_000]]);
  });

  test("an id of another event's reward is refused", async () => {
    const { t, creator, edit } = await setup();
    const other = await createEvent(creator.as, { name: "Outro", rewards: [POSTER] });
    const [otherId] = (await t.query(api.rewards.list, { eventId: other })).map((reward) => reward._id);
    await expectRefusedUnchanged(t, edit([{ ...POSTER, id: otherId }]), "Recompensa não encontrada.");
  });

  test("only the creator edits them", async () => {
    const { t, people, edit } = await setup();
    expect((await rejectionData(edit([POSTER], people[0]!.as))).code).toBe("NOT_THE_CREATOR");
    expect(await allRows(t, "rewards")).toHaveLength(2);
  });
});

describe("Supporting with a reward", () => {
  test("below the reward's minimum, with another event's reward, or a bad answer: refused and nothing paid", async () => {
    const { t, creator, people, eventId, ids } = await setup();
    const [shirtId, posterId] = await ids();
    const other = await createEvent(creator.as, { name: "Outro", rewards: [POSTER] });
    const [otherId] = (await t.query(api.rewards.list, { eventId: other })).map((reward) => reward._id);
    const ana = people[0]!.as;
    const support = (args: { amountCents: number; rewardId?: string; answer?: string }) =>
      ana.mutation(api.supports.support, { eventId, ...args });
    await expectRefusedUnchanged(
      t,
      support({ amountCents: 2_999, rewardId: shirtId, answer: "M" }),
      "O valor mínimo desta recompensa é R$ 30,00.",
    );
    await expectRefusedUnchanged(t, support({ amountCents: 3_000, rewardId: otherId }), "Recompensa não encontrada.");
    await expectRefusedUnchanged(t, support({ amountCents: 3_000, rewardId: "not-an-id" }), "Recompensa não encontrada.");
    await expectRefusedUnchanged(
      t,
      support({ amountCents: 3_000, rewardId: shirtId, answer: "XG" }),
      "Escolha uma das opções da pergunta.",
    );
    await expectRefusedUnchanged(t, support({ amountCents: 3_000, rewardId: shirtId }), "Responda à pergunta da recompensa.");
    await expectRefusedUnchanged(t, support({ amountCents: 3_000, rewardId: posterId, answer: "x" }), "Esta recompensa não tem pergunta.");
    await expectRefusedUnchanged(t, support({ amountCents: 3_000, answer: "M" }), "Esta recompensa não tem pergunta.");
    expect(await wallet(ana)).toBe(5_000);
  });

  test("a free-text answer over 200 characters is refused; 200 are kept", async () => {
    const { t, people, eventId, ids } = await setup([{ ...POSTER, question: { label: "Nome para os créditos" } }]);
    const [rewardId] = await ids();
    const ana = people[0]!.as;
    await expectRefusedUnchanged(
      t,
      ana.mutation(api.supports.support, { eventId, amountCents: 1_000, rewardId, answer: "a".repeat(201) }),
      "A resposta pode ter no máximo 200 caracteres.",
    );
    await supportNow(t, ana, { eventId, amountCents: 1_000, rewardId, answer: ` ${"a".repeat(200)} ` });
    expect((await allRows(t, "contributions"))[0]).toMatchObject({ rewardId, answer: "a".repeat(200) });
  });

  test("a limited reward is decided in the queue's order: the late supporter gets `Esta recompensa esgotou.` and the money back", async () => {
    const { t, people, eventId, ids, list } = await setup();
    const [shirtId] = await ids();
    const sent = [];
    // Taken within one settle window: the first applied at once, the others queued for the worker.
    for (const [index, person] of people.entries()) {
      sent.push(await person.as.mutation(api.supports.support, { eventId, amountCents: 3_000 + index, rewardId: shirtId, answer: "M" }));
    }
    expect(sent.map((row) => row.queued)).toEqual([false, true, true]);
    await workQueues(t);
    const outcomes = await Promise.all(sent.map((row, i) => people[i]!.as.query(api.supports.outcome, { supportId: row.supportId })));
    expect(outcomes.map((outcome) => outcome?.status)).toEqual(["applied", "applied", "refunded"]);
    expect(outcomes[2]).toEqual({ status: "refunded", amountCents: 3_002, refusal: "Esta recompensa esgotou." });
    expect(await wallet(people[2]!.as)).toBe(5_000);
    expect((await list())[0]).toMatchObject({ taken: 2, remaining: 0, soldOut: true });
    // Sold out, the next supporter is told before paying.
    const dan = await signedInUser(t, { name: "Dan" });
    await expectRefusedUnchanged(
      t,
      dan.as.mutation(api.supports.support, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "P" }),
      "Esta recompensa esgotou.",
    );
    await expectInvariants(t);
  });

  test("a support still queued when the organizer raises the minimum or removes the reward is refunded when it comes up", async () => {
    const { t, people, eventId, ids, edit, list } = await setup();
    const [shirtId, posterId] = await ids();
    // The first support is applied at once (a quiet event); the next two wait in the queue.
    await people[0]!.as.mutation(api.supports.support, { eventId, amountCents: 600 });
    const raised = await people[1]!.as.mutation(api.supports.support, { eventId, amountCents: 1_000, rewardId: posterId });
    const removed = await people[2]!.as.mutation(api.supports.support, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "P" });
    expect([raised.queued, removed.queued]).toEqual([true, true]);
    await edit([{ ...POSTER, id: posterId, minimumCents: 2_000 }]);
    await workQueues(t);
    expect(await people[1]!.as.query(api.supports.outcome, { supportId: raised.supportId })).toEqual({
      status: "refunded",
      amountCents: 1_000,
      refusal: "O valor mínimo desta recompensa é R$ 20,00.",
    });
    expect(await people[2]!.as.query(api.supports.outcome, { supportId: removed.supportId })).toEqual({
      status: "refunded",
      amountCents: 3_000,
      refusal: "Recompensa não encontrada.",
    });
    expect([await wallet(people[1]!.as), await wallet(people[2]!.as)]).toEqual([5_000, 5_000]);
    expect(await list()).toMatchObject([{ title: "Pôster", taken: 0, chosen: false }]);
    await expectInvariants(t);
  });

  test("a cancellation frees the reward (the count follows the refunds)", async () => {
    const { t, creator, people, eventId, ids, list } = await setup();
    const [shirtId] = await ids();
    await supportNow(t, people[0]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "M" });
    await supportNow(t, people[1]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "G" });
    expect((await list())[0]).toMatchObject({ taken: 2, soldOut: true });
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await advanceClock(t, 0);
    expect((await list())[0]).toMatchObject({ taken: 0, remaining: 2, soldOut: false });
    await expectInvariants(t);
  });

  test("a refund at the date frees the reward too", async () => {
    const { t, people, eventId, ids, list } = await setup();
    const [shirtId] = await ids();
    await supportNow(t, people[0]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "M" });
    await advanceClock(t, 2 * DAY);
    expect((await list())[0]).toMatchObject({ taken: 0 });
    await expectInvariants(t);
  });
});

describe("Meus apoios and Baixar apoiadores (CSV)", () => {
  test("Meus apoios: each support with its event, amount, reward, answer and state, newest first", async () => {
    const { t, creator, people, eventId, ids } = await setup();
    const [shirtId] = await ids();
    const ana = people[0]!.as;
    await supportNow(t, ana, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "M" });
    await advanceClock(t, 1_000);
    await supportNow(t, ana, { eventId, amountCents: 700 });
    const page = () => ana.query(api.supports.list, { paginationOpts: { numItems: 10, cursor: null } }).then((result) => result.page);
    expect(await page()).toMatchObject([
      { eventName: "Show de Rock", amountCents: 700, rewardTitle: null, answer: null, state: "Confirmado" },
      { eventName: "Show de Rock", amountCents: 3_000, rewardTitle: "Camiseta", answer: "M", state: "Confirmado" },
    ]);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await advanceClock(t, 0);
    expect((await page()).map((row) => row.state)).toEqual(["Estornado", "Estornado"]);
    expect(await people[1]!.as.query(api.supports.list, { paginationOpts: { numItems: 10, cursor: null } })).toMatchObject({ page: [] });
    expect(await t.query(api.supports.list, { paginationOpts: { numItems: 10, cursor: null } })).toMatchObject({ page: [] });
  });

  test("the supporters' list is the organizer's alone, with the answers", async () => {
    const { t, creator, people, eventId, ids } = await setup();
    const [shirtId] = await ids();
    await supportNow(t, people[0]!.as, { eventId, amountCents: 3_000, rewardId: shirtId, answer: "G" });
    await supportNow(t, people[1]!.as, { eventId, amountCents: 600 });
    const args = { eventId, paginationOpts: { numItems: 10, cursor: null } };
    const rows = (await creator.as.query(api.rewards.supporters, args)).page;
    expect(rows).toMatchObject([
      { name: "Ana", email: "ana@exemplo.com", amountCents: 3_000, rewardTitle: "Camiseta", answer: "G", state: "Confirmado" },
      { name: "Bia", email: "bia@exemplo.com", amountCents: 600, rewardTitle: null, answer: null, state: "Confirmado" },
    ]);
    for (const caller of [people[0]!.as, t]) {
      expect(await rejectionData(caller.query(api.rewards.supporters, args))).toEqual({
        code: "NOT_THE_ORGANIZER",
        message: "Apenas o organizador pode baixar a lista de apoiadores.",
      });
    }
    expect(await rejectionData(creator.as.query(api.rewards.supporters, { ...args, eventId: "nada" }))).toMatchObject({
      code: "NOT_THE_ORGANIZER",
    });
  });

  test("rewards:list of a bad id is empty", async () => {
    const { t } = await setup();
    expect(await t.query(api.rewards.list, { eventId: "nada" })).toEqual([]);
    expect(await t.query(api.rewards.list, { eventId: "x".repeat(5_000) })).toEqual([]);
  });
});
