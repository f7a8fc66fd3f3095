const STORAGE_KEY = "apoie:viewer-id";

/**
 * This browser's id as a signed-out viewer (`anon:<uuid>`), kept in localStorage so every tab
 * of the browser is one viewer. Falls back to a per-page id where storage is unavailable.
 */
export function anonymousViewerId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored !== null && stored.startsWith("anon:")) return stored;
    const created = `anon:${crypto.randomUUID()}`;
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    return `anon:${crypto.randomUUID()}`;
  }
}
