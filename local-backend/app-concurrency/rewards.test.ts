import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, rejectionData, waitForQuery } from "../test-support.ts";

const backend = backendForFile();

it("a reward limited to 3, chosen by 8 people at once under real optimistic concurrency: exactly 3 get it, the others keep their money", async () => {
  const creator = await backend.signedIn("Organizadora", "organizadora@exemplo.com");
  const eventId = await createEvent(creator, {
    goalCents: 10_000_000,
    minSupportCents: 100,
    rewards: [{ title: "Camiseta", description: "", minimumCents: 500, quantity: 3, question: { label: "Tamanho", choices: ["P", "M"] } }],
  });
  const [reward] = await creator.query(api.rewards.list, { eventId });
  const people = await Promise.all(Array.from({ length: 8 }, (_, n) => backend.signedIn(`Fã ${n}`, `fa${n}@exemplo.com`)));

  const sent = await Promise.all(
    people.map((client) =>
      client.mutation(api.supports.support, { eventId, amountCents: 500, rewardId: reward!._id, answer: "M" }).then(
        (result) => ({ supportId: result.supportId }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  // Each support taken is decided by the event's queue (or at once on a quiet event); one refused at the door paid nothing.
  const outcomes = await Promise.all(
    sent.map(async (row, i) => {
      if ("error" in row) return { refusedAtDoor: await rejectionData(Promise.reject(row.error)) };
      return waitForQuery(people[i]!, api.supports.outcome, { supportId: row.supportId }, (value) => value?.status !== "pending");
    }),
  );
  const applied = outcomes.filter((outcome) => outcome !== null && "status" in outcome && outcome.status === "applied");
  expect(applied).toHaveLength(3);
  for (const outcome of outcomes) {
    if (outcome === null) throw new Error("a support's outcome went missing");
    if ("refusedAtDoor" in outcome) expect(outcome.refusedAtDoor).toMatchObject({ message: "Esta recompensa esgotou." });
    else if (outcome.status === "refunded") expect(outcome).toMatchObject({ refusal: "Esta recompensa esgotou." });
  }
  const wallets = await Promise.all(people.map((client) => client.query(api.users.me, {}).then((me) => me!.walletCents)));
  expect(wallets.filter((cents) => cents === 4_500)).toHaveLength(3);
  expect(wallets.filter((cents) => cents === 5_000)).toHaveLength(5);
  const [after] = await waitForQuery(creator, api.rewards.list, { eventId }, (list) => list[0]?.taken === 3);
  expect(after).toMatchObject({ taken: 3, remaining: 0, soldOut: true });
  const event = await creator.query(api.events.get, { id: eventId });
  expect(event).toMatchObject({ raisedCents: 1_500, uniqueSupporters: 3 });
});
