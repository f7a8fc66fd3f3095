import { appErrorData } from "@convex/model/shared/errors";

/** What an alert shows for a failure: the server's own Portuguese text when it sent one. */
export type ErrorNotice = { title?: string; message: string; code?: string };

/** Generic text for failures the server did not explain (network, bugs). */
export const GENERIC_ERROR = "Algo deu errado. Tente novamente em instantes.";

/** Reads the title and message of a ConvexError from our backend, or a generic message. */
export function errorNotice(error: unknown, fallback: string = GENERIC_ERROR): ErrorNotice {
  const data = appErrorData(error);
  if (data === null) return { message: fallback };
  return { message: data.message, code: data.code, ...(data.title ? { title: data.title } : {}) };
}
