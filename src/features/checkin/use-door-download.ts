import { useEffect } from "react";
import { usePaginatedQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { DOOR_CODES_PAGE } from "@convex/model/shared/door";
import type { DoorCode } from "./door-storage";

/**
 * Downloads, page by page, what the door needs to decide offline, and hands every change to
 * `onCodes` (live while connected: a ticket used at another door or cancelled updates here).
 * Returns whether the whole download arrived.
 */
export function useDoorDownload(eventId: string, enabled: boolean, onCodes: (codes: Record<string, DoorCode>) => void): boolean {
  const { results, status, loadMore } = usePaginatedQuery(api.door.codes, enabled ? { eventId } : "skip", {
    initialNumItems: DOOR_CODES_PAGE,
  });

  useEffect(() => {
    if (status === "CanLoadMore") loadMore(DOOR_CODES_PAGE);
  }, [status, loadMore]);

  const complete = status === "Exhausted";
  useEffect(() => {
    if (!complete) return;
    const codes: Record<string, DoorCode> = {};
    for (const { hash, name, kind, usedAt, usedDoor } of results) codes[hash] = { name, kind, usedAt, usedDoor };
    onCodes(codes);
  }, [complete, results, onCodes]);

  return complete;
}
