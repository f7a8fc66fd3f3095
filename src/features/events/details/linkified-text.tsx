import type { ReactNode } from "react";

/** http(s) addresses in running text; what follows a space, or a quote/bracket, is not part of one. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'()[\]{}]+/g;
/** Punctuation that ends a sentence rather than the address ("veja https://x.com."). */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** The address as a link target, or null when it does not parse as http(s). */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Plain text with its http(s) addresses as links. React escapes every piece, so no HTML from
 * the text ever reaches the page; only addresses that parse as http(s) become links, opened in
 * a new tab without giving the other site a handle on this one.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, "");
    const href = safeHref(address);
    if (href === null) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {address}
      </a>,
    );
    last = match.index + address.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
