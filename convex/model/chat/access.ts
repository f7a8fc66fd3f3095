import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { isWithinRawLimit } from "../../model/shared/limits";
import { cleanText, hasVisibleText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { MAX_MESSAGE_LENGTH } from "../../model/shared/limits";
import { MESSAGES } from "../../model/shared/texts";
import { gateOf, type SupportGate } from "../supports/gates";
import { hasSupported } from "../supports/contributions";

/** Who may use an event's chat: its supporters and its creator (the one statement of the rule). */
export type ChatAccess = "allowed" | "signedOut" | "notASupporter" | "noEvent";

// The event is known by its gate (model/supports/gates.ts), not its document: a chat message
// or a chat page's heartbeat then never contends with the supports of a popular event.
async function chatAccessTo(ctx: QueryCtx, user: Doc<"users"> | null, gate: SupportGate | null): Promise<ChatAccess> {
  if (gate === null) return "noEvent";
  if (user === null) return "signedOut";
  if (gate.creatorId === user._id || (await hasSupported(ctx, gate.eventId, user._id))) return "allowed";
  return "notASupporter";
}

/** Whether `user` (null when signed out) may read and post in the event's chat, and if not, why. */
export async function chatAccessOf(ctx: QueryCtx, user: Doc<"users"> | null, eventId: Id<"events"> | null): Promise<ChatAccess> {
  return chatAccessTo(ctx, user, eventId === null ? null : await gateOf(ctx, eventId));
}

/**
 * The id of the event whose chat `user` may use. Throws EVENT_NOT_FOUND or NOT_A_SUPPORTER otherwise.
 */
export async function requireChatAccess(ctx: QueryCtx, user: Doc<"users">, eventId: Id<"events"> | null): Promise<Id<"events">> {
  const gate = eventId === null ? null : await gateOf(ctx, eventId);
  const access = await chatAccessTo(ctx, user, gate);
  if (gate === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (access !== "allowed") throw appError("NOT_A_SUPPORTER", MESSAGES.notASupporter);
  return gate.eventId;
}

/**
 * The message body cleaned of hidden characters (line breaks kept); throws INVALID_MESSAGE when
 * nothing visible is left or it is too long. A huge body is refused before it is looked at.
 */
export function cleanMessageBody(body: string): string {
  if (!isWithinRawLimit(body, MAX_MESSAGE_LENGTH)) throw appError("INVALID_MESSAGE", MESSAGES.messageTooLong);
  const cleaned = cleanText(body, { multiline: true });
  if (!hasVisibleText(cleaned)) throw appError("INVALID_MESSAGE", MESSAGES.emptyMessage);
  if (cleaned.length > MAX_MESSAGE_LENGTH) throw appError("INVALID_MESSAGE", MESSAGES.messageTooLong);
  return cleaned;
}
