import type { ErrorCode } from "../domain/errors";
import { MESSAGES } from "../domain/errors";

/**
 * Errors meant for the caller, in one neutral room (after Outline's server/errors.ts): services, policies
 * and routes throw these; the HTTP layer (http/errors.ts) turns them into `{ error, code }` with the status.
 * The UI decides by `code`, a stable id from domain/errors.ts, never by the status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, "bad_request", message);
export const unauthorized = (message: string = MESSAGES.notSignedIn) => new HttpError(401, "unauthorized", message);
export const forbidden = (message: string) => new HttpError(403, "forbidden", message);
export const notFound = (message: string) => new HttpError(404, "not_found", message);
export const alreadyExists = (message: string) => new HttpError(409, "already_exists", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);
