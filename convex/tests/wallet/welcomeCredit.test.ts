/**
 * The welcome bonus never becomes withdrawable money, whatever chain of accounts it passes
 * through: an event's payout credits its creator the bonus money its supporters spent as
 * bonus money again, and only the rest may leave by `Sacar`.
 */
import { beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { depositNow, type PixBank, withPixTestBackend } from "../test.pix";
import {
  advanceClock,
  allRows,
  type Backend,
  type Caller,
  createEvent,
  DAY,
  expectInvariants,
  rejectionData,
  signedInUser,
  supportNow,
} from "../test.helpers";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
withPixTestBackend((setup) => ({ t, bank, ana } = setup));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const CPF = "529.982.247-25";
const withdrawableOf = async (caller: Caller) => (await caller.query(api.withdrawals.summary, {}))?.withdrawableCents;
const statementOf = async (caller: Caller) =>
  (await caller.query(api.wallet.statement, { paginationOpts: { numItems: 20, cursor: null } })).page;
const sacar = (caller: Caller, amountCents: number) =>
  rejectionData(caller.mutation(api.withdrawals.request, { amountCents, keyType: "cpf", key: CPF }));

describe("the welcome bonus along a chain of accounts", () => {
  test("N accounts supporting one event: the organizer gets N bonuses to spend, none to withdraw", async () => {
    const eventId = await createEvent(ana.as, { goalCents: 20_000, startsAt: Date.now() + DAY });
    for (let i = 0; i < 4; i += 1) {
      const fake = await signedInUser(t, { name: `Conta ${i}` });
      await supportNow(t, fake.as, { eventId, amountCents: 5_000 });
    }
    await advanceClock(t, DAY);
    expect(await allRows(t, "events")).toMatchObject([{ settlement: "paidOut", raisedCents: 20_000 }]);
    const wallet = (await t.run((ctx) => ctx.db.get("users", ana.userId)))!;
    expect(wallet.walletCents).toBe(25_000);
    expect(await withdrawableOf(ana.as)).toBe(0);
    expect(await sacar(ana.as, 1_000)).toMatchObject({ code: "ABOVE_WITHDRAWABLE" });
    expect((await statementOf(ana.as))[0]).toMatchObject({
      kind: "payout",
      description: "Repasse de Show de Rock",
      detail: "R$ 0,00 disponível para saque · R$ 200,00 em bônus",
      amountCents: 20_000,
    });
    await expectInvariants(t);
  });

  test("a creator supporting their own event with their bonus gets it back as bonus", async () => {
    const eventId = await createEvent(ana.as, { goalCents: 5_000, startsAt: Date.now() + DAY });
    await supportNow(t, ana.as, { eventId, amountCents: 5_000 });
    await advanceClock(t, DAY);
    expect(await withdrawableOf(ana.as)).toBe(0);
    expect(await sacar(ana.as, 5_000)).toMatchObject({ code: "ABOVE_WITHDRAWABLE" });
    await expectInvariants(t);
  });

  test("deposited money stays withdrawable through the chain; the Extrato shows the split", async () => {
    const bia = await signedInUser(t, { name: "Bia" });
    const eventId = await createEvent(ana.as, { goalCents: 8_000, startsAt: Date.now() + DAY });
    await depositNow(t, bank, bia.as, 3_000);
    // R$ 50,00 of bonus first, then R$ 30,00 of the deposit.
    await supportNow(t, bia.as, { eventId, amountCents: 8_000 });
    await advanceClock(t, DAY);
    expect(await withdrawableOf(ana.as)).toBe(3_000);
    expect((await statementOf(ana.as))[0]).toMatchObject({ detail: "R$ 30,00 disponível para saque · R$ 50,00 em bônus" });
    expect(await sacar(ana.as, 3_001)).toMatchObject({ code: "ABOVE_WITHDRAWABLE" });
    await expectInvariants(t);
  });

  test("bonus from a payout spent on another event that is refunded comes back as bonus", async () => {
    const bia = await signedInUser(t, { name: "Bia" });
    const first = await createEvent(ana.as, { goalCents: 5_000, startsAt: Date.now() + DAY });
    await supportNow(t, bia.as, { eventId: first, amountCents: 5_000 });
    await advanceClock(t, DAY);
    // Ana: R$ 50,00 of her own bonus and R$ 50,00 of Bia's, all of it bonus.
    const other = await createEvent(bia.as, { goalCents: 1_000_000, startsAt: Date.now() + DAY });
    await supportNow(t, ana.as, { eventId: other, amountCents: 10_000 });
    await advanceClock(t, DAY); // the goal is not reached: every support goes back
    expect((await t.run((ctx) => ctx.db.get("users", ana.userId)))!.walletCents).toBe(10_000);
    expect(await withdrawableOf(ana.as)).toBe(0);
    await expectInvariants(t);
  });
});
