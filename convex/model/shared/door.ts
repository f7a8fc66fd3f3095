/**
 * The door that keeps working offline: what the check-in page downloads, how it recognizes a
 * code without the server, and the bounds of what it sends back. Pure and shared: the browser
 * hashes a scanned code exactly as the server hashed the ones it downloaded.
 */

/** How the server decided an entry: the first entry of a ticket, a later one, a refusal to review, or a first entry a coordinator undid. */
export const DOOR_OUTCOMES = ["accepted", "duplicate", "cancelled", "transferred", "undone"] as const;
export type DoorOutcome = (typeof DOOR_OUTCOMES)[number];

/** Why a whole batch was refused (forged or stale): nothing of it was applied. */
export const DOOR_REFUSALS = ["unknownCode", "futureTime", "beforeDownload", "notInTeam"] as const;
export type DoorRefusal = (typeof DOOR_REFUSALS)[number];

/** Entries per batch sent to the server: well inside a mutation's limits (each reads a few documents). */
export const MAX_DOOR_BATCH = 100;
/** Codes per page of the download: the most a page of any list gives (model/core/pagination.ts). */
export const DOOR_CODES_PAGE = 100;
/** A device's clock may be this far ahead of the server's before its entries count as "in the future". */
export const DOOR_CLOCK_SLACK_MS = 2 * 60 * 1000;
/** A door's name: `Portão A`, `Entrada VIP`. */
export const MAX_DOOR_NAME_LENGTH = 40;
export const DEFAULT_DOOR_NAME = "Principal";

export const DOOR_MESSAGES = {
  offline: "Sem conexão — as entradas serão enviadas quando voltar",
  invalidDoorName: `Dê um nome à porta (até ${MAX_DOOR_NAME_LENGTH} caracteres).`,
  sessionNotFound: "Esta portaria foi fechada: abra a página de validação de novo.",
  batchTooLarge: `Envie no máximo ${MAX_DOOR_BATCH} entradas por vez.`,
  invalidBatch: "Entradas inválidas: cada uma precisa de um identificador e de um horário.",
  notUsed: "Este ingresso ainda não entrou.",
  undone: (name: string) => `Check-in desfeito: ${name}`,
  /** A ticket that entered earlier, at this or another door. */
  alreadyUsedAt: (time: string, door: string) => `Já utilizado às ${time} na porta ${door}`,
  refusals: {
    unknownCode: "Código que não existe neste evento",
    futureTime: "Horário no futuro",
    beforeDownload: "Horário antes do download dos códigos",
    notInTeam: "Enviado por quem saiu da equipe",
  } satisfies Record<DoorRefusal, string>,
} as const;

/** A door's name as stored, or null when it has nothing visible or is too long. */
export function normalizeDoorName(raw: string): string | null {
  const name = raw.trim().replace(/\s+/g, " ");
  return name.length === 0 || name.length > MAX_DOOR_NAME_LENGTH ? null : name;
}

/**
 * The code's fingerprint for one event: SHA-256 of `eventId:code`, its first 128 bits in hex. The
 * device keeps these, never the codes; tying it to the event keeps a table of one event's
 * fingerprints useless for another's.
 */
export async function doorCodeHash(eventId: string, code: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${eventId}:${code}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A typed or scanned code as the door compares it: spaces dropped, upper case; bounded before any work. */
export function doorCodeOf(raw: string): string {
  return raw.slice(0, 64).replace(/\s+/g, "").toUpperCase();
}
