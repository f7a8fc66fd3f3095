/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as auth from "../auth.js";
import type * as authSessions from "../authSessions.js";
import type * as chat from "../chat.js";
import type * as crons from "../crons.js";
import type * as events from "../events.js";
import type * as http from "../http.js";
import type * as migrations from "../migrations.js";
import type * as model_args from "../model/args.js";
import type * as model_authSessions from "../model/authSessions.js";
import type * as model_categories from "../model/categories.js";
import type * as model_chat from "../model/chat.js";
import type * as model_checkIn from "../model/checkIn.js";
import type * as model_cleanText from "../model/cleanText.js";
import type * as model_email from "../model/email.js";
import type * as model_errors from "../model/errors.js";
import type * as model_eventImages from "../model/eventImages.js";
import type * as model_eventInput from "../model/eventInput.js";
import type * as model_eventRules from "../model/eventRules.js";
import type * as model_eventSearch from "../model/eventSearch.js";
import type * as model_events from "../model/events.js";
import type * as model_imageRules from "../model/imageRules.js";
import type * as model_lifecycle from "../model/lifecycle.js";
import type * as model_limits from "../model/limits.js";
import type * as model_localSignIn from "../model/localSignIn.js";
import type * as model_messages from "../model/messages.js";
import type * as model_money from "../model/money.js";
import type * as model_pagination from "../model/pagination.js";
import type * as model_presence from "../model/presence.js";
import type * as model_presenceRooms from "../model/presenceRooms.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_settlement from "../model/settlement.js";
import type * as model_statement from "../model/statement.js";
import type * as model_supportRefusal from "../model/supportRefusal.js";
import type * as model_supports from "../model/supports.js";
import type * as model_text from "../model/text.js";
import type * as model_tickets from "../model/tickets.js";
import type * as model_timeline from "../model/timeline.js";
import type * as model_users from "../model/users.js";
import type * as model_wallet from "../model/wallet.js";
import type * as presence from "../presence.js";
import type * as seed from "../seed.js";
import type * as settlement from "../settlement.js";
import type * as supports from "../supports.js";
import type * as tickets from "../tickets.js";
import type * as users from "../users.js";
import type * as wallet from "../wallet.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  auth: typeof auth;
  authSessions: typeof authSessions;
  chat: typeof chat;
  crons: typeof crons;
  events: typeof events;
  http: typeof http;
  migrations: typeof migrations;
  "model/args": typeof model_args;
  "model/authSessions": typeof model_authSessions;
  "model/categories": typeof model_categories;
  "model/chat": typeof model_chat;
  "model/checkIn": typeof model_checkIn;
  "model/cleanText": typeof model_cleanText;
  "model/email": typeof model_email;
  "model/errors": typeof model_errors;
  "model/eventImages": typeof model_eventImages;
  "model/eventInput": typeof model_eventInput;
  "model/eventRules": typeof model_eventRules;
  "model/eventSearch": typeof model_eventSearch;
  "model/events": typeof model_events;
  "model/imageRules": typeof model_imageRules;
  "model/lifecycle": typeof model_lifecycle;
  "model/limits": typeof model_limits;
  "model/localSignIn": typeof model_localSignIn;
  "model/messages": typeof model_messages;
  "model/money": typeof model_money;
  "model/pagination": typeof model_pagination;
  "model/presence": typeof model_presence;
  "model/presenceRooms": typeof model_presenceRooms;
  "model/rateLimits": typeof model_rateLimits;
  "model/settlement": typeof model_settlement;
  "model/statement": typeof model_statement;
  "model/supportRefusal": typeof model_supportRefusal;
  "model/supports": typeof model_supports;
  "model/text": typeof model_text;
  "model/tickets": typeof model_tickets;
  "model/timeline": typeof model_timeline;
  "model/users": typeof model_users;
  "model/wallet": typeof model_wallet;
  presence: typeof presence;
  seed: typeof seed;
  settlement: typeof settlement;
  supports: typeof supports;
  tickets: typeof tickets;
  users: typeof users;
  wallet: typeof wallet;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  presence: import("@convex-dev/presence/_generated/component.js").ComponentApi<"presence">;
};
