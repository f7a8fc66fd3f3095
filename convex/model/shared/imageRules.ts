/**
 * What an event image may be. Pure, so the create form refuses the same files in the browser
 * that the server refuses after upload.
 */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** 5 MB (docs/product.md). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Whether a file of this content type and size may become an event image. */
export function isAcceptableImage(contentType: string | undefined, size: number): boolean {
  return (
    contentType !== undefined &&
    (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(contentType) &&
    Number.isSafeInteger(size) &&
    size > 0 &&
    size <= MAX_IMAGE_BYTES
  );
}
