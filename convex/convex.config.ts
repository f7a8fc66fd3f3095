import migrations from "@convex-dev/migrations/convex.config.js";
import presence from "@convex-dev/presence/convex.config.js";
import rateLimiter from "@convex-dev/rate-limiter/convex.config.js";
import { defineApp } from "convex/server";

// Components from npm: rate limits, who is online, data migrations. Their tables live apart from the app's.
const app = defineApp();
app.use(rateLimiter);
app.use(presence);
app.use(migrations);
export default app;
