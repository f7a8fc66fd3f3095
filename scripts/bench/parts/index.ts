/** Every part of the bench, in the order a full run measures them. */
import type { AnyBenchPart } from "../part";
import { ackLatencyPart } from "./ack-latency";
import { bundlePart } from "./bundle";
import { emailDeliveryPart } from "./email-delivery";
import { functionsPart } from "./functions";
import { hotEventPart } from "./hot-event";
import { latencyPart } from "./latency";
import { lighthousePart } from "./lighthouse";
import { limitsPart } from "./limits";
import { listPart } from "./list";
import { notificationsPart } from "./notifications";
import { onSalePart } from "./on-sale";
import { ownBarPart } from "./own-bar";
import { persistedSupportPart } from "./persisted-support";
import { pixDepositPart } from "./pix-deposit";
import { saveToBrowserPart } from "./save-to-browser";
import { settlementPart } from "./settlement";
import { startUpPart } from "./start-up";
import { ticketRushPart } from "./ticket-rush";

export const BENCH_PARTS: readonly AnyBenchPart[] = [
  listPart,
  functionsPart,
  settlementPart,
  notificationsPart,
  ownBarPart,
  latencyPart,
  ackLatencyPart,
  persistedSupportPart,
  bundlePart,
  lighthousePart,
  hotEventPart,
  saveToBrowserPart,
  startUpPart,
  ticketRushPart,
  onSalePart,
  pixDepositPart,
  emailDeliveryPart,
  // Last: what every part before it saw of Convex's limits.
  limitsPart,
];
