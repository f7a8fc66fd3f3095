import { useEffect } from "react";

export const APP_TITLE = "Apoie";

/** "part · part · Apoie": the title of a screen, most specific part first. */
export function pageTitle(...parts: string[]): string {
  return [...parts, APP_TITLE].join(" · ");
}

/** Sets the tab's title while the screen shows (each route sets its own). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
