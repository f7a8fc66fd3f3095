/** The on-sale room's race on the real engine at full size: 2,000 buyers for 500 tickets (`npm run test:scale`). */
import { it } from "vitest";
import { onSaleBackend, onSaleRace } from "./waiting-room-scenario.ts";

onSaleBackend(120_000);

it("2,000 buyers join, the sale opens, purchases race expiring turns: exactly the capacity sold, nobody charged without a ticket, no turn used twice", async () => {
  await onSaleRace({ buyers: 2_000, capacity: 500 });
}, 900_000);
