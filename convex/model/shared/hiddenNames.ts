/**
 * The names shown in place of a person's own: short texts the support form and every list read,
 * kept apart from privacy.ts (Meus dados's long texts) so the event page loads only these.
 */

/** What others read in place of a deleted person's name (chat, the organizer's lists, the door). */
export const DELETED_ACCOUNT_NAME = "Conta excluída";
/** What everyone but the organizer reads for a supporter who chose `Apoiar sem mostrar meu nome`. */
export const ANONYMOUS_SUPPORTER_NAME = "Apoiador anônimo";
export const ANONYMOUS_SUPPORT_LABEL = "Apoiar sem mostrar meu nome";
