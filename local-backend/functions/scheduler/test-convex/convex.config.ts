import presence from "@convex-dev/presence/convex.config.js";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import { defineApp } from "convex/server";
import { v } from "convex/values";

// FIXTURE_DECLARED: a variable the backend's own environment may hand to the functions.
const app = defineApp({ env: { FIXTURE_DECLARED: v.optional(v.string()) } });
app.use(rateLimiter);
app.use(presence, { name: "online" });
export default app;
