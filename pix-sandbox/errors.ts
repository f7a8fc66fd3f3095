/**
 * Mercado Pago's error bodies: `{ message, error, status, cause: [{ code, description, data }] }`.
 * Every refusal the sandbox makes, on Mercado Pago's routes and on its own, has this shape.
 */
export type ErrorCause = { code: number; description: string; data: null };

export type ErrorBody = { message: string; error: string; status: number; cause: ErrorCause[] };

/** A refusal: the status and body the server answers. */
export class ApiError extends Error {
  readonly body: ErrorBody;

  constructor(
    readonly status: number,
    error: string,
    message: string,
    code?: number,
  ) {
    super(message);
    this.body = { message, error, status, cause: code === undefined ? [] : [{ code, description: message, data: null }] };
  }
}

export const badRequest = (message: string, code?: number) => new ApiError(400, "bad_request", message, code);
export const notFound = (message: string, code?: number) => new ApiError(404, "not_found", message, code);
export const conflict = (message: string) => new ApiError(409, "conflict", message);
/** Mercado Pago's answer to a missing or wrong access token, its odd `error` included. */
export const invalidToken = () => new ApiError(401, "not_found", "invalid_token");
export const missingIdempotencyKey = () => badRequest("Header X-Idempotency-Key can't be null", 4292);
