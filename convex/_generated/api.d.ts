/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as attendees from "../attendees.js";
import type * as auth from "../auth.js";
import type * as authSessions from "../authSessions.js";
import type * as books from "../books.js";
import type * as chat from "../chat.js";
import type * as coupons from "../coupons.js";
import type * as courtesies from "../courtesies.js";
import type * as crons from "../crons.js";
import type * as deposits from "../deposits.js";
import type * as door from "../door.js";
import type * as emailPreferences from "../emailPreferences.js";
import type * as emailReminders from "../emailReminders.js";
import type * as emails from "../emails.js";
import type * as eventImages from "../eventImages.js";
import type * as eventPreview from "../eventPreview.js";
import type * as events from "../events.js";
import type * as fees from "../fees.js";
import type * as http from "../http.js";
import type * as migrations from "../migrations.js";
import type * as model_args from "../model/args.js";
import type * as model_attendees from "../model/attendees.js";
import type * as model_authSessions from "../model/authSessions.js";
import type * as model_books from "../model/books.js";
import type * as model_booksBalance from "../model/booksBalance.js";
import type * as model_callerFunctions from "../model/callerFunctions.js";
import type * as model_chat from "../model/chat.js";
import type * as model_chatNotices from "../model/chatNotices.js";
import type * as model_checkIn from "../model/checkIn.js";
import type * as model_coupons from "../model/coupons.js";
import type * as model_courtesies from "../model/courtesies.js";
import type * as model_courtesyEmail from "../model/courtesyEmail.js";
import type * as model_door from "../model/door.js";
import type * as model_doorFigures from "../model/doorFigures.js";
import type * as model_doorSync from "../model/doorSync.js";
import type * as model_email_address from "../model/email/address.js";
import type * as model_email_dates from "../model/email/dates.js";
import type * as model_email_delivery from "../model/email/delivery.js";
import type * as model_email_layout from "../model/email/layout.js";
import type * as model_email_links from "../model/email/links.js";
import type * as model_email_message from "../model/email/message.js";
import type * as model_email_outbox from "../model/email/outbox.js";
import type * as model_email_preferences from "../model/email/preferences.js";
import type * as model_email_provider from "../model/email/provider.js";
import type * as model_email_qrPng from "../model/email/qrPng.js";
import type * as model_email_secret from "../model/email/secret.js";
import type * as model_email_signInCode from "../model/email/signInCode.js";
import type * as model_email_templates_common from "../model/email/templates/common.js";
import type * as model_email_templates_money from "../model/email/templates/money.js";
import type * as model_email_templates_organizer from "../model/email/templates/organizer.js";
import type * as model_email_templates_signIn from "../model/email/templates/signIn.js";
import type * as model_email_templates_tickets from "../model/email/templates/tickets.js";
import type * as model_email_templates_updates from "../model/email/templates/updates.js";
import type * as model_email_triggers from "../model/email/triggers.js";
import type * as model_eventCreate from "../model/eventCreate.js";
import type * as model_eventEdit from "../model/eventEdit.js";
import type * as model_eventFields from "../model/eventFields.js";
import type * as model_eventImages from "../model/eventImages.js";
import type * as model_eventSearch from "../model/eventSearch.js";
import type * as model_events from "../model/events.js";
import type * as model_fees from "../model/fees.js";
import type * as model_localSignIn from "../model/localSignIn.js";
import type * as model_notificationFanOut from "../model/notificationFanOut.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_onlineAccess from "../model/onlineAccess.js";
import type * as model_pagination from "../model/pagination.js";
import type * as model_payments_deposits from "../model/payments/deposits.js";
import type * as model_payments_mercadoPago from "../model/payments/mercadoPago.js";
import type * as model_payments_mercadoPagoFormats from "../model/payments/mercadoPagoFormats.js";
import type * as model_payments_payoutSignature from "../model/payments/payoutSignature.js";
import type * as model_payments_reconcile from "../model/payments/reconcile.js";
import type * as model_payments_sync from "../model/payments/sync.js";
import type * as model_payments_validators from "../model/payments/validators.js";
import type * as model_payments_withdrawals from "../model/payments/withdrawals.js";
import type * as model_payoutCredit from "../model/payoutCredit.js";
import type * as model_perPersonLimit from "../model/perPersonLimit.js";
import type * as model_platformAccount from "../model/platformAccount.js";
import type * as model_presence from "../model/presence.js";
import type * as model_privacy_anonymity from "../model/privacy/anonymity.js";
import type * as model_privacy_deletion from "../model/privacy/deletion.js";
import type * as model_privacy_deletionChecks from "../model/privacy/deletionChecks.js";
import type * as model_privacy_exportFile from "../model/privacy/exportFile.js";
import type * as model_privacy_names from "../model/privacy/names.js";
import type * as model_privacy_personTables from "../model/privacy/personTables.js";
import type * as model_privacy_retention from "../model/privacy/retention.js";
import type * as model_privacy_scrub from "../model/privacy/scrub.js";
import type * as model_privacy_signIns from "../model/privacy/signIns.js";
import type * as model_purchaseCancel from "../model/purchaseCancel.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_rewardAllocation from "../model/rewardAllocation.js";
import type * as model_rewards from "../model/rewards.js";
import type * as model_settlement from "../model/settlement.js";
import type * as model_shared_attendeeCsv from "../model/shared/attendeeCsv.js";
import type * as model_shared_buyerRights from "../model/shared/buyerRights.js";
import type * as model_shared_categories from "../model/shared/categories.js";
import type * as model_shared_cleanText from "../model/shared/cleanText.js";
import type * as model_shared_coupons from "../model/shared/coupons.js";
import type * as model_shared_courtesies from "../model/shared/courtesies.js";
import type * as model_shared_door from "../model/shared/door.js";
import type * as model_shared_email from "../model/shared/email.js";
import type * as model_shared_emailSignIn from "../model/shared/emailSignIn.js";
import type * as model_shared_errors from "../model/shared/errors.js";
import type * as model_shared_eventDetails from "../model/shared/eventDetails.js";
import type * as model_shared_eventInput from "../model/shared/eventInput.js";
import type * as model_shared_eventPreview from "../model/shared/eventPreview.js";
import type * as model_shared_eventRules from "../model/shared/eventRules.js";
import type * as model_shared_fees from "../model/shared/fees.js";
import type * as model_shared_functionAccess from "../model/shared/functionAccess.js";
import type * as model_shared_fundingMode from "../model/shared/fundingMode.js";
import type * as model_shared_hiddenNames from "../model/shared/hiddenNames.js";
import type * as model_shared_imageRules from "../model/shared/imageRules.js";
import type * as model_shared_lifecycle from "../model/shared/lifecycle.js";
import type * as model_shared_limits from "../model/shared/limits.js";
import type * as model_shared_money from "../model/shared/money.js";
import type * as model_shared_notificationTexts from "../model/shared/notificationTexts.js";
import type * as model_shared_pix from "../model/shared/pix.js";
import type * as model_shared_presenceRooms from "../model/shared/presenceRooms.js";
import type * as model_shared_privacy from "../model/shared/privacy.js";
import type * as model_shared_rewards from "../model/shared/rewards.js";
import type * as model_shared_spreadsheetCsv from "../model/shared/spreadsheetCsv.js";
import type * as model_shared_statement from "../model/shared/statement.js";
import type * as model_shared_supportRefusal from "../model/shared/supportRefusal.js";
import type * as model_shared_supporterCsv from "../model/shared/supporterCsv.js";
import type * as model_shared_team from "../model/shared/team.js";
import type * as model_shared_terms from "../model/shared/terms.js";
import type * as model_shared_text from "../model/shared/text.js";
import type * as model_shared_texts from "../model/shared/texts.js";
import type * as model_shared_ticketTransfer from "../model/shared/ticketTransfer.js";
import type * as model_shared_ticketTypes from "../model/shared/ticketTypes.js";
import type * as model_shared_ufs from "../model/shared/ufs.js";
import type * as model_shared_waitingList from "../model/shared/waitingList.js";
import type * as model_shared_waitingRoom from "../model/shared/waitingRoom.js";
import type * as model_supportCancel from "../model/supportCancel.js";
import type * as model_supportGates from "../model/supportGates.js";
import type * as model_supportLists from "../model/supportLists.js";
import type * as model_supportNotices from "../model/supportNotices.js";
import type * as model_supportQueue from "../model/supportQueue.js";
import type * as model_supportWorker from "../model/supportWorker.js";
import type * as model_supports from "../model/supports.js";
import type * as model_team from "../model/team.js";
import type * as model_teamTables from "../model/teamTables.js";
import type * as model_ticketAllocation from "../model/ticketAllocation.js";
import type * as model_ticketPurchases from "../model/ticketPurchases.js";
import type * as model_ticketReturns from "../model/ticketReturns.js";
import type * as model_ticketSales from "../model/ticketSales.js";
import type * as model_ticketTransfer from "../model/ticketTransfer.js";
import type * as model_ticketTypes from "../model/ticketTypes.js";
import type * as model_tickets from "../model/tickets.js";
import type * as model_timeline from "../model/timeline.js";
import type * as model_updates from "../model/updates.js";
import type * as model_users from "../model/users.js";
import type * as model_waitingList from "../model/waitingList.js";
import type * as model_waitingListHolds from "../model/waitingListHolds.js";
import type * as model_waitingRoom_draw from "../model/waitingRoom/draw.js";
import type * as model_waitingRoom_entries from "../model/waitingRoom/entries.js";
import type * as model_waitingRoom_outflow from "../model/waitingRoom/outflow.js";
import type * as model_waitingRoom_rooms from "../model/waitingRoom/rooms.js";
import type * as model_wallet from "../model/wallet.js";
import type * as model_walletOwed from "../model/walletOwed.js";
import type * as model_walletPromo from "../model/walletPromo.js";
import type * as model_walletPromoBackfill from "../model/walletPromoBackfill.js";
import type * as myData from "../myData.js";
import type * as notifications from "../notifications.js";
import type * as onlineAccess from "../onlineAccess.js";
import type * as payouts from "../payouts.js";
import type * as pixWebhook from "../pixWebhook.js";
import type * as presence from "../presence.js";
import type * as reconciliation from "../reconciliation.js";
import type * as rewards from "../rewards.js";
import type * as seed from "../seed.js";
import type * as settlement from "../settlement.js";
import type * as supportQueue from "../supportQueue.js";
import type * as supports from "../supports.js";
import type * as team from "../team.js";
import type * as ticketPurchases from "../ticketPurchases.js";
import type * as ticketTransfers from "../ticketTransfers.js";
import type * as ticketTypes from "../ticketTypes.js";
import type * as tickets from "../tickets.js";
import type * as updates from "../updates.js";
import type * as users from "../users.js";
import type * as waitingList from "../waitingList.js";
import type * as waitingRoom from "../waitingRoom.js";
import type * as wallet from "../wallet.js";
import type * as withdrawals from "../withdrawals.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  attendees: typeof attendees;
  auth: typeof auth;
  authSessions: typeof authSessions;
  books: typeof books;
  chat: typeof chat;
  coupons: typeof coupons;
  courtesies: typeof courtesies;
  crons: typeof crons;
  deposits: typeof deposits;
  door: typeof door;
  emailPreferences: typeof emailPreferences;
  emailReminders: typeof emailReminders;
  emails: typeof emails;
  eventImages: typeof eventImages;
  eventPreview: typeof eventPreview;
  events: typeof events;
  fees: typeof fees;
  http: typeof http;
  migrations: typeof migrations;
  "model/args": typeof model_args;
  "model/attendees": typeof model_attendees;
  "model/authSessions": typeof model_authSessions;
  "model/books": typeof model_books;
  "model/booksBalance": typeof model_booksBalance;
  "model/callerFunctions": typeof model_callerFunctions;
  "model/chat": typeof model_chat;
  "model/chatNotices": typeof model_chatNotices;
  "model/checkIn": typeof model_checkIn;
  "model/coupons": typeof model_coupons;
  "model/courtesies": typeof model_courtesies;
  "model/courtesyEmail": typeof model_courtesyEmail;
  "model/door": typeof model_door;
  "model/doorFigures": typeof model_doorFigures;
  "model/doorSync": typeof model_doorSync;
  "model/email/address": typeof model_email_address;
  "model/email/dates": typeof model_email_dates;
  "model/email/delivery": typeof model_email_delivery;
  "model/email/layout": typeof model_email_layout;
  "model/email/links": typeof model_email_links;
  "model/email/message": typeof model_email_message;
  "model/email/outbox": typeof model_email_outbox;
  "model/email/preferences": typeof model_email_preferences;
  "model/email/provider": typeof model_email_provider;
  "model/email/qrPng": typeof model_email_qrPng;
  "model/email/secret": typeof model_email_secret;
  "model/email/signInCode": typeof model_email_signInCode;
  "model/email/templates/common": typeof model_email_templates_common;
  "model/email/templates/money": typeof model_email_templates_money;
  "model/email/templates/organizer": typeof model_email_templates_organizer;
  "model/email/templates/signIn": typeof model_email_templates_signIn;
  "model/email/templates/tickets": typeof model_email_templates_tickets;
  "model/email/templates/updates": typeof model_email_templates_updates;
  "model/email/triggers": typeof model_email_triggers;
  "model/eventCreate": typeof model_eventCreate;
  "model/eventEdit": typeof model_eventEdit;
  "model/eventFields": typeof model_eventFields;
  "model/eventImages": typeof model_eventImages;
  "model/eventSearch": typeof model_eventSearch;
  "model/events": typeof model_events;
  "model/fees": typeof model_fees;
  "model/localSignIn": typeof model_localSignIn;
  "model/notificationFanOut": typeof model_notificationFanOut;
  "model/notifications": typeof model_notifications;
  "model/onlineAccess": typeof model_onlineAccess;
  "model/pagination": typeof model_pagination;
  "model/payments/deposits": typeof model_payments_deposits;
  "model/payments/mercadoPago": typeof model_payments_mercadoPago;
  "model/payments/mercadoPagoFormats": typeof model_payments_mercadoPagoFormats;
  "model/payments/payoutSignature": typeof model_payments_payoutSignature;
  "model/payments/reconcile": typeof model_payments_reconcile;
  "model/payments/sync": typeof model_payments_sync;
  "model/payments/validators": typeof model_payments_validators;
  "model/payments/withdrawals": typeof model_payments_withdrawals;
  "model/payoutCredit": typeof model_payoutCredit;
  "model/perPersonLimit": typeof model_perPersonLimit;
  "model/platformAccount": typeof model_platformAccount;
  "model/presence": typeof model_presence;
  "model/privacy/anonymity": typeof model_privacy_anonymity;
  "model/privacy/deletion": typeof model_privacy_deletion;
  "model/privacy/deletionChecks": typeof model_privacy_deletionChecks;
  "model/privacy/exportFile": typeof model_privacy_exportFile;
  "model/privacy/names": typeof model_privacy_names;
  "model/privacy/personTables": typeof model_privacy_personTables;
  "model/privacy/retention": typeof model_privacy_retention;
  "model/privacy/scrub": typeof model_privacy_scrub;
  "model/privacy/signIns": typeof model_privacy_signIns;
  "model/purchaseCancel": typeof model_purchaseCancel;
  "model/rateLimits": typeof model_rateLimits;
  "model/rewardAllocation": typeof model_rewardAllocation;
  "model/rewards": typeof model_rewards;
  "model/settlement": typeof model_settlement;
  "model/shared/attendeeCsv": typeof model_shared_attendeeCsv;
  "model/shared/buyerRights": typeof model_shared_buyerRights;
  "model/shared/categories": typeof model_shared_categories;
  "model/shared/cleanText": typeof model_shared_cleanText;
  "model/shared/coupons": typeof model_shared_coupons;
  "model/shared/courtesies": typeof model_shared_courtesies;
  "model/shared/door": typeof model_shared_door;
  "model/shared/email": typeof model_shared_email;
  "model/shared/emailSignIn": typeof model_shared_emailSignIn;
  "model/shared/errors": typeof model_shared_errors;
  "model/shared/eventDetails": typeof model_shared_eventDetails;
  "model/shared/eventInput": typeof model_shared_eventInput;
  "model/shared/eventPreview": typeof model_shared_eventPreview;
  "model/shared/eventRules": typeof model_shared_eventRules;
  "model/shared/fees": typeof model_shared_fees;
  "model/shared/functionAccess": typeof model_shared_functionAccess;
  "model/shared/fundingMode": typeof model_shared_fundingMode;
  "model/shared/hiddenNames": typeof model_shared_hiddenNames;
  "model/shared/imageRules": typeof model_shared_imageRules;
  "model/shared/lifecycle": typeof model_shared_lifecycle;
  "model/shared/limits": typeof model_shared_limits;
  "model/shared/money": typeof model_shared_money;
  "model/shared/notificationTexts": typeof model_shared_notificationTexts;
  "model/shared/pix": typeof model_shared_pix;
  "model/shared/presenceRooms": typeof model_shared_presenceRooms;
  "model/shared/privacy": typeof model_shared_privacy;
  "model/shared/rewards": typeof model_shared_rewards;
  "model/shared/spreadsheetCsv": typeof model_shared_spreadsheetCsv;
  "model/shared/statement": typeof model_shared_statement;
  "model/shared/supportRefusal": typeof model_shared_supportRefusal;
  "model/shared/supporterCsv": typeof model_shared_supporterCsv;
  "model/shared/team": typeof model_shared_team;
  "model/shared/terms": typeof model_shared_terms;
  "model/shared/text": typeof model_shared_text;
  "model/shared/texts": typeof model_shared_texts;
  "model/shared/ticketTransfer": typeof model_shared_ticketTransfer;
  "model/shared/ticketTypes": typeof model_shared_ticketTypes;
  "model/shared/ufs": typeof model_shared_ufs;
  "model/shared/waitingList": typeof model_shared_waitingList;
  "model/shared/waitingRoom": typeof model_shared_waitingRoom;
  "model/supportCancel": typeof model_supportCancel;
  "model/supportGates": typeof model_supportGates;
  "model/supportLists": typeof model_supportLists;
  "model/supportNotices": typeof model_supportNotices;
  "model/supportQueue": typeof model_supportQueue;
  "model/supportWorker": typeof model_supportWorker;
  "model/supports": typeof model_supports;
  "model/team": typeof model_team;
  "model/teamTables": typeof model_teamTables;
  "model/ticketAllocation": typeof model_ticketAllocation;
  "model/ticketPurchases": typeof model_ticketPurchases;
  "model/ticketReturns": typeof model_ticketReturns;
  "model/ticketSales": typeof model_ticketSales;
  "model/ticketTransfer": typeof model_ticketTransfer;
  "model/ticketTypes": typeof model_ticketTypes;
  "model/tickets": typeof model_tickets;
  "model/timeline": typeof model_timeline;
  "model/updates": typeof model_updates;
  "model/users": typeof model_users;
  "model/waitingList": typeof model_waitingList;
  "model/waitingListHolds": typeof model_waitingListHolds;
  "model/waitingRoom/draw": typeof model_waitingRoom_draw;
  "model/waitingRoom/entries": typeof model_waitingRoom_entries;
  "model/waitingRoom/outflow": typeof model_waitingRoom_outflow;
  "model/waitingRoom/rooms": typeof model_waitingRoom_rooms;
  "model/wallet": typeof model_wallet;
  "model/walletOwed": typeof model_walletOwed;
  "model/walletPromo": typeof model_walletPromo;
  "model/walletPromoBackfill": typeof model_walletPromoBackfill;
  myData: typeof myData;
  notifications: typeof notifications;
  onlineAccess: typeof onlineAccess;
  payouts: typeof payouts;
  pixWebhook: typeof pixWebhook;
  presence: typeof presence;
  reconciliation: typeof reconciliation;
  rewards: typeof rewards;
  seed: typeof seed;
  settlement: typeof settlement;
  supportQueue: typeof supportQueue;
  supports: typeof supports;
  team: typeof team;
  ticketPurchases: typeof ticketPurchases;
  ticketTransfers: typeof ticketTransfers;
  ticketTypes: typeof ticketTypes;
  tickets: typeof tickets;
  updates: typeof updates;
  users: typeof users;
  waitingList: typeof waitingList;
  waitingRoom: typeof waitingRoom;
  wallet: typeof wallet;
  withdrawals: typeof withdrawals;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  presence: import("@convex-dev/presence/_generated/component.js").ComponentApi<"presence">;
  migrations: import("@convex-dev/migrations/_generated/component.js").ComponentApi<"migrations">;
};
