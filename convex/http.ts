import { httpRouter } from "convex/server";
import { auth } from "./auth";
import { page as eventPreviewPage } from "./eventPreview";
import { SHARE_PATH_PREFIX } from "./model/shared/eventPreview";

const http = httpRouter();
auth.addHttpRoutes(http);
http.route({ pathPrefix: SHARE_PATH_PREFIX, method: "GET", handler: eventPreviewPage });

export default http;
