import type { ErrorCode } from "../domain/errors";
import { MESSAGES } from "../domain/errors";
import { GENERATION_MESSAGES } from "../domain/generation/api";

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
/** A body with no declared length where one is needed to refuse an oversized file before reading it (411). */
export const lengthRequired = (message: string) => new HttpError(411, "bad_request", message);
export const payloadTooLarge = (message: string) => new HttpError(413, "payload_too_large", message);
export const unsupportedMediaType = (message: string) => new HttpError(415, "unsupported_media_type", message);
/** The one refusal for a run or purchase the balance cannot cover (spec text). */
export const insufficientCredits = () => new HttpError(402, "insufficient_credits", GENERATION_MESSAGES.insufficientCredits);
export const rateLimited = (message: string) => new HttpError(429, "rate_limited", message);
/** Another service we depend on (a stock library, a remote file host) failed or refused us. */
export const upstreamFailed = (message: string) => new HttpError(502, "upstream_failed", message);
/** A feature this studio has not been set up for (no stock-library key). */
export const notConfigured = (message: string) => new HttpError(503, "not_configured", message);
/** An error another part already classified (the safe fetcher, a worker thread): passed on as it is. */
export const relayedError = (status: number, code: ErrorCode, message: string) => new HttpError(status, code, message);
