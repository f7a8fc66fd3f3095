/**
 * Length limits the server enforces. Pure, so the UI can set the same `maxLength` on its
 * fields without loading server code.
 */
export const MAX_EVENT_NAME_LENGTH = 120;
export const MAX_IMAGE_URL_LENGTH = 2048;
export const MAX_MESSAGE_LENGTH = 1000;
