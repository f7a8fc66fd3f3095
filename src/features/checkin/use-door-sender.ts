import { useEffect, useRef, useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { type DoorRefusal, MAX_DOOR_BATCH } from "@convex/model/shared/door";
import type { DoorState } from "./door-storage";

/** How long after a failed send the door tries again. */
const SEND_RETRY_MS = 5_000;

/**
 * Sends what the door let in while connected, oldest first, a batch at a time; each entry leaves
 * the device once the server answered for it. A failed send (a refused try, a dropped answer) is
 * tried again a little later. Returns why the server last refused a batch whole, if it did.
 */
export function useDoorSender(
  online: boolean,
  state: DoorState,
  update: (change: (previous: DoorState) => DoorState) => void,
): DoorRefusal | null {
  const sync = useMutation(api.door.sync);
  const sending = useRef(false);
  const [retries, setRetries] = useState(0);
  const [refused, setRefused] = useState<DoorRefusal | null>(null);

  useEffect(() => {
    const session = state.session;
    if (!online || sending.current || session === null || state.pending.length === 0) return;
    sending.current = true;
    const batch = state.pending.slice(0, MAX_DOOR_BATCH);
    const sent = new Set(batch.map((scan) => scan.clientId));
    sync({ sessionId: session.sessionId, scans: batch })
      .then((result) => {
        // Free before the state changes: the next batch goes out on the render this update causes.
        sending.current = false;
        if (result.refused !== null) setRefused(result.refused);
        update((previous) => ({ ...previous, pending: previous.pending.filter((scan) => !sent.has(scan.clientId)) }));
      })
      .catch(() => {
        sending.current = false;
        setTimeout(() => setRetries((count) => count + 1), SEND_RETRY_MS);
      });
  }, [online, state.pending, state.session, sync, update, retries]);

  return refused;
}
