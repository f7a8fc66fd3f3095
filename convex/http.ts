import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { page as eventPreviewPage } from "./eventPreview";
import { SHARE_PATH_PREFIX } from "./model/shared/eventPreview";
import { LEGACY_WEBHOOK_PATH, WEBHOOK_PATH } from "./model/payments/mercadoPago";
import { receive as pixWebhook } from "./pixWebhook";
import { unsubscribePage } from "./emailPreferences";
import { UNSUBSCRIBE_PATH } from "./model/email/preferences";

const http = httpRouter();
auth.addHttpRoutes(http);
http.route({ pathPrefix: SHARE_PATH_PREFIX, method: "GET", handler: eventPreviewPage });
http.route({ path: WEBHOOK_PATH, method: "POST", handler: pixWebhook });
http.route({ path: LEGACY_WEBHOOK_PATH, method: "POST", handler: pixWebhook });
// One-click unsubscribe of optional e-mails (model/email/preferences.ts).
http.route({ path: UNSUBSCRIBE_PATH, method: "GET", handler: unsubscribePage });
http.route({ path: UNSUBSCRIBE_PATH, method: "POST", handler: unsubscribePage });

export default http;
