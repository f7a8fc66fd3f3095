import { expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { applyQueue, createEvent, newBackend, signedInUser, supportNow } from "../test.helpers";

test("supports:mine stays exact after 1,050 supports of one person through the door", async () => {
  const t = newBackend({ transactionLimits: true });
  const creator = await signedInUser(t, { name: "Criadora" });
  const supporter = await signedInUser(t, { name: "Apoiador" });
  const eventId = await createEvent(creator.as, { goalCents: 1_000_000, minSupportCents: 1 });
  // 3 s apart: the pace the supports limit (20 a minute) lets one person keep up.
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    for (let i = 0; i < 1_050; i++) {
      vi.setSystemTime(Date.now() + 3_000);
      await supportNow(t, supporter.as, { eventId, amountCents: 1 });
    }
  } finally {
    vi.useRealTimers();
  }
  await applyQueue(t, eventId);
  expect(await supporter.as.query(api.supports.mine, { eventId })).toEqual({ supported: true, amountCents: 1_050 });
  expect((await supporter.as.query(api.users.me, {}))?.walletCents).toBe(5_000 - 1_050);
  // Each is a quiet event's support (3 s apart), applied as it is taken: slower on convex-test than queuing.
}, 300_000);
