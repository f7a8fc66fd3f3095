/**
 * The PIX sandbox's public face: everything code outside pix-sandbox/ may use (lint refuses a
 * deeper import, see eslint.config.js). Programs start it as a server; the convex-test suites
 * answer the app's fetch with its request handler, sign the notifications they deliver by hand,
 * and force a state Mercado Pago can reach but the page offers no button for.
 */
export { startPixSandbox, DEFAULT_PORT, type PixSandbox, type PixSandboxOptions } from "./server.ts";
export { createPixHandler, type Fault, type PixHandler, type PixHandlerOptions } from "./handler.ts";
export { signWebhook, signedManifest } from "./webhook-signature.ts";
/** A charge paid, a payout concluded or refused, straight on the sandbox's records (tests of out-of-order states). */
export { approve } from "./payments.ts";
export { complete, reject } from "./payouts.ts";
