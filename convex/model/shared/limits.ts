/**
 * Length limits the server enforces. Pure, so the UI can set the same `maxLength` on its
 * fields without loading server code.
 */
export const MAX_EVENT_NAME_LENGTH = 120;
export const MAX_IMAGE_URL_LENGTH = 2048;
export const MAX_MESSAGE_LENGTH = 1000;
/** "Sobre o evento": plain text, line breaks kept. */
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_VENUE_LENGTH = 120;
export const MAX_CITY_LENGTH = 60;
/** An online event's access link. */
export const MAX_ACCESS_URL_LENGTH = 2048;
export const MAX_UPDATE_TITLE_LENGTH = 120;
export const MAX_UPDATE_BODY_LENGTH = 2000;

// Bounds on raw string arguments, checked before any work on them. `v.string()` takes no
// length, and folding, normalizing or matching a 10 MB string costs time on every call.

/**
 * A raw text argument may be up to twice its field's limit: room for the spaces and hidden
 * characters that cleaning removes. The cleaned text must then fit the limit itself.
 */
export function rawLengthLimit(fieldLimit: number): number {
  return fieldLimit * 2;
}

/** Whether a raw text argument is short enough to be cleaned and checked at all. */
export function isWithinRawLimit(raw: string, fieldLimit: number): boolean {
  return raw.length <= rawLengthLimit(fieldLimit);
}

/** Convex ids are about 32 characters; anything much longer is not an id. */
export const MAX_ID_LENGTH = 64;

/** Short, fixed-vocabulary arguments (a category, a provider name). */
export const MAX_KEYWORD_LENGTH = 64;
