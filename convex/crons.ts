import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";
import { RECOVERY_INTERVAL_SECONDS } from "./model/supports/worker";

const crons = cronJobs();

// Convex Auth keeps expired sessions and refresh tokens; clear them once an hour.
crons.hourly("delete expired sessions", { minuteUTC: 17 }, internal.authSessions.deleteExpired);
// Event images uploaded but never claimed (model/events/images.ts); claimed ones clean up themselves.
crons.hourly("delete unclaimed event images", { minuteUTC: 41 }, internal.eventImages.startSweep);
// The presence component keeps everyone who ever was in a room; clear out who left, once a day.
crons.daily("sweep people who left presence rooms", { hourUTC: 7, minuteUTC: 23 }, internal.presence.sweepLeft, { cursor: null });
// Notifications are kept 90 days; older ones go in pages (model/notifications/inbox.ts).
crons.daily("delete old notifications", { hourUTC: 4, minuteUTC: 23 }, internal.notifications.deleteOld);
// What is kept only for a legal period (model/privacy/retention.ts): sign-in records 6 months,
// a deleted account's financial records 5 years.
crons.daily("delete sign-in records past 6 months", { hourUTC: 5, minuteUTC: 11 }, internal.myData.deleteOldSignIns);
crons.daily("delete deleted accounts' records past 5 years", { hourUTC: 5, minuteUTC: 41 }, internal.myData.purgeDeletedAccounts);
// PIX charges and withdrawals whose webhook never came are asked about (model/payments/).
crons.interval("reconcile PIX deposits and withdrawals", { minutes: 5 }, internal.reconciliation.run);

// A support queue whose worker stopped (a turn that threw) is restarted (model/supports/worker.ts).
crons.interval("restart stuck support queues", { seconds: RECOVERY_INTERVAL_SECONDS }, internal.supportQueue.recover);
// Every cent accounted for: wallets, events, the platform's fees and what is in flight (model/books/check.ts).
crons.daily("check that the books balance", { hourUTC: 5, minuteUTC: 11 }, internal.books.startCheck);

// E-mails whose attempt died or was lost get another (model/email/outbox.ts).
crons.interval("retry stuck e-mails", { minutes: 1 }, internal.emails.sweep);

// Ticket holders are reminded 48 h before their event (emailReminders.ts).
crons.hourly("remind ticket holders 48 h ahead", { minuteUTC: 5 }, internal.emailReminders.remindUpcoming, {});

export default crons;
