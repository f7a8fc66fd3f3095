/**
 * Cleaning of free text people type (event names, chat messages, sign-in names, search text),
 * so what is stored and shown is what others see.
 *
 * Removed, since they only hide or disguise text: C0/C1 control characters (NUL, ESC, …),
 * lone surrogates (not text at all), bidi embeddings/overrides/isolates (they reorder what
 * follows: "Trojan source"), zero-width spaces, word joiners, the byte-order mark, soft hyphens
 * and invisible operators. Kept: the zero-width joiner and variation selectors, which emoji
 * sequences need (👨‍👩‍👧, ❤️), and left-to-right/right-to-left marks, which right-to-left
 * scripts use. Pure, no Convex imports.
 */

/** Characters that are never stored. `\p{Cc}` also matches \t, \n and \r: see `cleanText`. */
const HIDDEN = /[\p{Cc}\p{Cs}\u00AD\u180E\u200B\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** What does not show on screen: whitespace, default-ignorable characters, lone marks, blanks. */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/** Line breaks of every kind; a single-line field turns them into spaces. */
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085\v\f]/g;

/**
 * The text with hidden characters removed, tabs as spaces, in Unicode NFC (so "José" typed
 * two ways is stored one way), trimmed. `multiline` keeps line breaks (as \n); otherwise they
 * become spaces.
 */
export function cleanText(raw: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const breaks = raw.replace(LINE_BREAK, multiline ? "\n" : " ").replace(/\t/g, " ");
  const cleaned = multiline
    ? breaks
        .split("\n")
        .map((line) => line.replace(HIDDEN, ""))
        .join("\n")
    : breaks.replace(HIDDEN, "");
  return cleaned.normalize("NFC").trim();
}

/** Whether the text shows anything: false for "", spaces, zero-width characters, lone accents. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, "").length > 0;
}

/**
 * Whether a typed e-mail is plain: no hidden, invisible or space characters anywhere. E-mails
 * identify accounts, so they are refused rather than silently changed.
 */
export function isPlainEmailText(email: string): boolean {
  return !HAS_HIDDEN.test(email) && !HAS_INVISIBLE.test(email);
}

// Non-global copies for .test(): a global regex would carry lastIndex from one call to the next.
const HAS_HIDDEN = new RegExp(HIDDEN.source, "u");
const HAS_INVISIBLE = new RegExp(INVISIBLE.source, "u");
