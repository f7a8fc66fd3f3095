/**
 * Who may call each public server function, in one table. The server checks an event's roles
 * against it (model/team/members.ts `requireEventRole`), the browser shows a tool only when it says
 * yes (`mayCall`), and `convex/tests/core/functionAccess.test.ts` proves both ways: every public function
 * of the deployment is listed here, and every event function is called by every role.
 *
 * - `anyone`: open to everyone, signed in or not (public pages; answers about the caller's own
 *   things are empty when signed out).
 * - `signedIn`: any signed-in person, acting only on their own wallet, tickets, supports.
 * - a list of event roles: acts on one event for its organizer; everyone else is refused.
 */
import type { EventRole } from "./team";

type Access = "anyone" | "signedIn" | readonly EventRole[];

/** The organizer alone: payouts, cancelling the event and the team are never delegated. */
const ORGANIZER = ["organizer"] as const;
/** `Gerente`: everything an organizer does except the above. */
const MANAGERS = ["organizer", "gerente"] as const;
/** `Coordenação da portaria`: the door, the attendee list and `Desfazer check-in`. */
const DOOR_LEADS = ["organizer", "gerente", "coordenacao"] as const;
/** `Portaria`: checks tickets in, seeing only each scanned ticket's name, type and status. */
const DOOR = ["organizer", "gerente", "coordenacao", "portaria"] as const;

export const FUNCTION_ACCESS = {
  "attendees:page": DOOR_LEADS,
  "attendees:summary": DOOR_LEADS,
  "auth:isAuthenticated": "anyone",
  "auth:providers": "anyone",
  "auth:signIn": "anyone",
  "auth:signOut": "anyone",
  "chat:access": "anyone",
  "chat:list": "anyone",
  "chat:send": "signedIn",
  "coupons:create": MANAGERS,
  "coupons:list": MANAGERS,
  "coupons:preview": "anyone",
  // Cortesias give tickets away: the organizer and `Gerente`; raising the event's limit, the organizer alone.
  "courtesies:issue": MANAGERS,
  "courtesies:list": MANAGERS,
  "courtesies:setLimit": ORGANIZER,
  "courtesies:summary": MANAGERS,
  "deposits:create": "signedIn",
  "deposits:get": "anyone",
  "deposits:inReview": "anyone",
  "deposits:pending": "anyone",
  "deposits:verifyAtExpiry": "signedIn",
  "door:codes": DOOR,
  "door:figures": DOOR_LEADS,
  "door:open": DOOR,
  "door:refusals": MANAGERS,
  "door:review": DOOR,
  "door:sync": DOOR,
  "door:undoCheckIn": DOOR_LEADS,
  "emailPreferences:mine": "anyone",
  "emailPreferences:set": "signedIn",
  "events:cancel": ORGANIZER,
  "events:claimImageUpload": "signedIn",
  "events:create": "signedIn",
  "events:generateImageUploadUrl": "signedIn",
  "events:get": "anyone",
  "events:list": "anyone",
  "events:mine": "anyone",
  "events:timeline": "anyone",
  "events:update": MANAGERS,
  // The fee choice moves the payout: the organizer alone, like payouts.
  "fees:forEvent": "anyone",
  "fees:payout": "anyone",
  "fees:setMode": ORGANIZER,
  "myData:acceptTerms": "signedIn",
  "myData:deleteMyAccount": "signedIn",
  "myData:deletionCheck": "anyone",
  "myData:download": "signedIn",
  "myData:rename": "signedIn",
  "myData:termsStatus": "anyone",
  "myDataEmail:cancel": "signedIn",
  "myDataEmail:confirm": "signedIn",
  "myDataEmail:pending": "anyone",
  "myDataEmail:request": "signedIn",
  "notifications:list": "anyone",
  "notifications:markAllRead": "signedIn",
  "notifications:markRead": "signedIn",
  "notifications:unreadCount": "anyone",
  "onlineAccess:link": "anyone",
  "presence:count": "anyone",
  "presence:disconnect": "anyone",
  "presence:heartbeat": "anyone",
  "presence:list": "anyone",
  "rewards:list": "anyone",
  "rewards:supporters": MANAGERS,
  "supports:list": "anyone",
  "supports:mine": "anyone",
  "supports:outcome": "anyone",
  "supports:support": "signedIn",
  "team:invite": ORGANIZER,
  "team:list": ORGANIZER,
  "team:myRole": "anyone",
  "team:remove": ORGANIZER,
  "ticketPurchases:buy": "signedIn",
  "ticketPurchases:cancel": "signedIn",
  "ticketPurchases:outcome": "anyone",
  "ticketTransfers:transfer": "signedIn",
  "ticketTypes:forEvent": "anyone",
  "tickets:cancelSupport": "signedIn",
  "tickets:checkIn": DOOR,
  "tickets:checkInStats": DOOR,
  "tickets:mine": "anyone",
  "updates:list": "anyone",
  "updates:post": MANAGERS,
  "users:me": "anyone",
  "waitingList:join": "signedIn",
  "waitingList:leave": "signedIn",
  "waitingList:mine": "anyone",
  "wallet:statement": "anyone",
  "waitingRoom:configure": ORGANIZER,
  "waitingRoom:join": "signedIn",
  "waitingRoom:mine": "anyone",
  "waitingRoom:status": "anyone",
  "withdrawals:request": "signedIn",
  "withdrawals:summary": "anyone",
} as const satisfies Record<string, Access>;

export type FunctionName = keyof typeof FUNCTION_ACCESS;

/** The functions that act on one event for its organizer, each with the roles it takes. */
export type EventFunction = {
  [Name in FunctionName]: (typeof FUNCTION_ACCESS)[Name] extends readonly EventRole[] ? Name : never;
}[FunctionName];

/** Whether someone with `role` on the event (null: none) may call `fn` on it. */
export function mayCall(fn: EventFunction, role: EventRole | null): boolean {
  const roles: readonly EventRole[] = FUNCTION_ACCESS[fn];
  return role !== null && roles.includes(role);
}
