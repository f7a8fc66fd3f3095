import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "../convex/model/payments/mercadoPago.ts";
import { brasiliaTime as appBrasiliaTime, webhookSignedText } from "../convex/model/payments/mercadoPagoFormats.ts";
import { brasiliaTime, utcTime } from "./dates.ts";
import { signedManifest, signWebhook } from "./webhook-signature.ts";

// The contract between the app's Mercado Pago adapter and this sandbox: both sides are held to
// the same examples of Mercado Pago's formats, recorded from its documentation with signatures
// computed outside either (examples/mercado-pago.json). Each side has its own code, so a
// misreading of the format fails here instead of passing on both sides.
type DateExample = { about: string; ms: number; payments: string; payouts: string };
type NotificationExample = {
  about: string;
  secret: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  manifest: string;
  topic: string;
  resourceId: string;
};
const EXAMPLES = JSON.parse(readFileSync(new URL("./examples/mercado-pago.json", import.meta.url), "utf8")) as {
  dates: DateExample[];
  notifications: NotificationExample[];
};

const signed = (example: NotificationExample) => {
  const [, ts = "", v1 = ""] = /^ts=(\d+),v1=([0-9a-f]{64})$/.exec(example.headers["x-signature"] ?? "") ?? [];
  return { ts: Number(ts), v1 };
};
const requestOf = (example: NotificationExample, signature = example.headers["x-signature"] ?? "") => ({
  url: example.url,
  headers: new Headers({ ...example.headers, "x-signature": signature }),
  body: JSON.stringify(example.body),
});
const dataIdOf = (example: NotificationExample) => new URL(example.url).searchParams.get("data.id") ?? "";

describe.each(EXAMPLES.dates)("Mercado Pago's dates: $about", (example) => {
  it("the sandbox writes them as recorded", () => {
    expect(brasiliaTime(example.ms)).toBe(example.payments);
    expect(utcTime(example.ms)).toBe(example.payouts);
  });

  it("the app's adapter writes the Payments API's form as recorded, and both forms read back to the same instant", () => {
    expect(appBrasiliaTime(example.ms)).toBe(example.payments);
    expect(Date.parse(example.payments)).toBe(example.ms);
    expect(Date.parse(example.payouts)).toBe(example.ms);
  });
});

describe.each(EXAMPLES.notifications)("Mercado Pago's webhook signature: $about", (example) => {
  const requestId = example.headers["x-request-id"] ?? null;

  it("the sandbox signs the recorded text into the recorded header", async () => {
    const { ts } = signed(example);
    expect(signedManifest(dataIdOf(example), requestId, ts)).toBe(example.manifest);
    expect(await signWebhook(example.secret, dataIdOf(example), requestId, ts)).toBe(example.headers["x-signature"]);
  });

  it("the app's adapter builds the same text and accepts the recorded notification", async () => {
    const { ts } = signed(example);
    expect(webhookSignedText(dataIdOf(example), requestId, ts)).toBe(example.manifest);
    expect(await verifyWebhook(requestOf(example), example.secret, ts * 1000)).toEqual({
      topic: example.topic,
      resourceId: example.resourceId,
    });
  });

  it("the app's adapter refuses it with one digit of the signature changed, or with another secret", async () => {
    const { ts, v1 } = signed(example);
    const flipped = `ts=${ts},v1=${v1.slice(0, -1)}${v1.endsWith("0") ? "1" : "0"}`;
    expect(await verifyWebhook(requestOf(example, flipped), example.secret, ts * 1000)).toEqual({ refused: "signature does not match" });
    expect(await verifyWebhook(requestOf(example), `${example.secret}-other`, ts * 1000)).toEqual({
      refused: "signature does not match",
    });
  });
});
