import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { DEFAULT_DOOR_NAME, DOOR_MESSAGES, doorCodeHash, doorCodeOf } from "@convex/model/shared/door";
import { MESSAGES } from "@convex/model/shared/texts";
import { formatTime } from "../../lib/dates";
import { type DoorCode, type DoorState, loadDoorState, saveDoorState } from "./door-storage";
import { useDoorDownload } from "./use-door-download";
import { useDoorSender } from "./use-door-sender";
import { useOnline } from "./use-online";

/** The answer the door shows for a code decided on the device. */
export type LocalVerdict = { ok: true; name: string; kind: string | null } | { ok: false; message: string };

/** Decides a code against what the device holds: downloaded tickets, and what this device let in. */
function decide(state: DoorState, hash: string): LocalVerdict {
  const ticket: DoorCode | undefined = state.codes[hash];
  if (ticket === undefined) return { ok: false, message: MESSAGES.ticketNotFound };
  const here = state.entered[hash];
  if (here !== undefined) return { ok: false, message: DOOR_MESSAGES.alreadyUsedAt(formatTime(here.at), here.door) };
  if (ticket.usedAt !== null)
    return { ok: false, message: DOOR_MESSAGES.alreadyUsedAt(formatTime(ticket.usedAt), ticket.usedDoor ?? DEFAULT_DOOR_NAME) };
  return { ok: true, name: ticket.name, kind: ticket.kind };
}

/**
 * The door that keeps working offline, for one person at one event: opens its session, keeps the
 * download on the device, decides codes there while the connection is down, and sends what it let
 * in (oldest first, in bounded batches) as soon as the connection is back.
 */
export function useDoor(eventId: string, userId: string) {
  const storageKey = `${eventId}.${userId}`;
  const [state, setState] = useState<DoorState>(() => loadDoorState(storageKey));
  const [doorName, setDoorNameState] = useState(state.session?.doorName ?? DEFAULT_DOOR_NAME);
  const online = useOnline();
  const openDoor = useMutation(api.door.open);
  const opening = useRef(false);
  // The door name last asked for: a slower answer for an older name must not replace its session.
  const wanted = useRef(doorName);

  const update = useCallback(
    (change: (previous: DoorState) => DoorState) =>
      setState((previous) => {
        const next = change(previous);
        saveDoorState(storageKey, next);
        return next;
      }),
    [storageKey],
  );

  /** Opens a session for `name` (one per door name), kept once it is still the name wanted. */
  const openSession = useCallback(
    (name: string) => {
      opening.current = true;
      openDoor({ eventId, doorName: name })
        .then(({ sessionId, openedAt }) => {
          opening.current = false;
          if (wanted.current !== name) return;
          update((previous) => ({ ...previous, session: { sessionId, doorName: name, openedAt, clockOffset: openedAt - Date.now() } }));
        })
        // Not opened (the connection dropped): the next connection opens it.
        .catch(() => (opening.current = false));
    },
    [eventId, openDoor, update],
  );

  // The first session (or the first after the connection came back) opens by itself.
  useEffect(() => {
    if (online && !opening.current && state.session?.doorName !== wanted.current) openSession(wanted.current);
  }, [online, state.session, openSession]);

  const setDoorName = useCallback(
    (name: string) => {
      wanted.current = name;
      setDoorNameState(name);
      openSession(name);
    },
    [openSession],
  );

  const onCodes = useCallback((codes: Record<string, DoorCode>) => update((previous) => ({ ...previous, codes })), [update]);
  const downloaded = useDoorDownload(eventId, state.session !== null, onCodes);

  const refused = useDoorSender(online, state, update);

  /** Decides `raw` on the device and, when it may enter, queues it to be sent. */
  const checkHere = useCallback(
    async (raw: string): Promise<LocalVerdict> => {
      const code = doorCodeOf(raw);
      const hash = await doorCodeHash(eventId, code);
      const verdict = decide(state, hash);
      const session = state.session;
      if (!verdict.ok || session === null) return verdict;
      // The time in the server's clock, so the server compares entries of different devices fairly.
      const scannedAt = Date.now() + session.clockOffset;
      update((previous) => ({
        ...previous,
        pending: [...previous.pending, { clientId: crypto.randomUUID(), code, scannedAt }],
        entered: { ...previous.entered, [hash]: { at: scannedAt, door: session.doorName } },
      }));
      return verdict;
    },
    [eventId, state, update],
  );

  // Ready to work offline once this door's session is open and the whole download is on the device.
  const ready = downloaded && state.session?.doorName === doorName;
  return { online, doorName, setDoorName, session: state.session, ready, pending: state.pending.length, refused, checkHere };
}
