/**
 * The on-sale room's race on the real engine, at the size `npm test` affords: 200 buyers for 50
 * tickets (the scale tier runs 2,000 for 500: waiting-room-onsale.scale.test.ts).
 */
import { it } from "vitest";
import { onSaleBackend, onSaleRace } from "./waiting-room-scenario.ts";

onSaleBackend(30_000);

it("200 buyers join, the sale opens, purchases race expiring turns: exactly the capacity sold, nobody charged without a ticket, no turn used twice", async () => {
  await onSaleRace({ buyers: 200, capacity: 50 });
}, 300_000);
