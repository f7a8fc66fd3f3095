import migrations from "@convex-dev/migrations/convex.config.js";
import presence from "@convex-dev/presence/convex.config.js";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import { defineApp } from "convex/server";
import { v } from "convex/values";

// The deployment's variables the functions read through `env` (convex/_generated/server types
// them from this list). All optional: a deployment without Google credentials offers local
// sign-in only, and links fall back to the request's origin.
const app = defineApp({
  env: {
    // Google sign-in, offered only when both are set (`npx convex env set …`).
    AUTH_GOOGLE_ID: v.optional(v.string()),
    AUTH_GOOGLE_SECRET: v.optional(v.string()),
    // Only the browser tests set it: an offline OpenID Connect issuer in Google's place.
    AUTH_GOOGLE_ISSUER: v.optional(v.string()),
    // The web app's URL (Convex Auth redirects there; shared links point at it).
    SITE_URL: v.optional(v.string()),
    // "true" on development and test deployments: sign-in with a name and an e-mail.
    AUTH_LOCAL_LOGIN: v.optional(v.string()),
    // PIX through Mercado Pago (model/payments/mercadoPago.ts): without the token, Adicionar
    // saldo and Sacar say PIX is not configured. The API URL points development and tests at
    // the local PIX sandbox.
    MERCADOPAGO_ACCESS_TOKEN: v.optional(v.string()),
    MERCADOPAGO_WEBHOOK_SECRET: v.optional(v.string()),
    MERCADOPAGO_API_URL: v.optional(v.string()),
    // Production payouts: the Ed25519 private key (PKCS#8 PEM) that signs each transfer request.
    MERCADOPAGO_PAYOUT_PRIVATE_KEY: v.optional(v.string()),
    // E-mail through Resend's API (model/email/provider.ts, docs/deploying.md): without the key
    // nothing is sent. The API URL points development and tests at the local mailbox.
    RESEND_API_KEY: v.optional(v.string()),
    RESEND_API_URL: v.optional(v.string()),
    EMAIL_FROM: v.optional(v.string()),
    // Tests shorten the outbox's first retry wait and the provider's answer timeout (ms).
    EMAIL_RETRY_BASE_MS: v.optional(v.string()),
    EMAIL_SEND_TIMEOUT_MS: v.optional(v.string()),
    // `Taxa de serviço` (model/books/fees.ts): percentages ("10", "7.5") of tickets and of supports,
    // and the minimum per ticket or support in cents. Unset = 0: no fee.
    SERVICE_FEE_TICKET_PERCENT: v.optional(v.string()),
    SERVICE_FEE_SUPPORT_PERCENT: v.optional(v.string()),
    SERVICE_FEE_MINIMUM_CENTS: v.optional(v.string()),
    // Only the local backend's tests and the bench set it: a `Sala de espera` turn shorter than
    // 10 minutes (in ms, at least 1,000), so expiring turns race purchases within a test.
    WAITING_ROOM_TURN_MS: v.optional(v.string()),
    // The key of the privacy fingerprints (model/privacy/keyedHash.ts): e-mail change codes and the
    // e-mails that had a welcome bonus. Unset = Convex Auth's JWT_PRIVATE_KEY, which sign-in needs anyway.
    PRIVACY_HASH_KEY: v.optional(v.string()),
    JWT_PRIVATE_KEY: v.optional(v.string()),
  },
});
// Components from npm: rate limits, who is online, data migrations. Their tables live apart from the app's.
app.use(rateLimiter);
app.use(presence);
app.use(migrations);
export default app;
