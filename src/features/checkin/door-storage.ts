/**
 * What the door keeps on the device, per event, so a reload without connection still decides and
 * nothing it let in is lost: its session, the downloaded fingerprints, the entries not sent yet
 * and the ones it let in itself. localStorage: a few hundred kilobytes for thousands of tickets.
 */

export type DoorSession = { sessionId: string; doorName: string; openedAt: number; clockOffset: number };
/** A downloaded ticket: the holder's name, its type, and when and where it entered (if it did). */
export type DoorCode = { name: string; kind: string | null; usedAt: number | null; usedDoor: string | null };
/** An entry let in here and not yet confirmed by the server. */
export type PendingScan = { clientId: string; code: string; scannedAt: number };
/** What this device let in, by fingerprint: so the same code twice here is a duplicate offline too. */
export type LocalEntry = { at: number; door: string };

export type DoorState = {
  session: DoorSession | null;
  codes: Record<string, DoorCode>;
  pending: PendingScan[];
  entered: Record<string, LocalEntry>;
};

const EMPTY: DoorState = { session: null, codes: {}, pending: [], entered: {} };

const keyOf = (eventId: string) => `apoie.door.${eventId}`;

export function loadDoorState(eventId: string): DoorState {
  try {
    const raw = localStorage.getItem(keyOf(eventId));
    return raw === null ? EMPTY : { ...EMPTY, ...(JSON.parse(raw) as Partial<DoorState>) };
  } catch {
    // Unreadable (private mode, a damaged value): the door downloads again.
    return EMPTY;
  }
}

export function saveDoorState(eventId: string, state: DoorState): void {
  try {
    localStorage.setItem(keyOf(eventId), JSON.stringify(state));
  } catch {
    // Full or refused: the page keeps working from memory.
  }
}
