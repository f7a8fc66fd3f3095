import presence from "@convex-dev/presence/convex.config.js";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import { defineApp } from "convex/server";

// Components from npm: rate limits and who is online. Their tables live apart from the app's.
const app = defineApp();
app.use(rateLimiter);
app.use(presence);
export default app;
