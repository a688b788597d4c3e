import { ApiError } from "./client";

/**
 * A refusal is an answer that sending the same write again will not change: any 4xx except 408 (timeout)
 * and 429 (rate limit), e.g. 403 view-only or 400 bad data. Everything else (network errors = status 0,
 * 5xx, 408, 429, errors that are not ApiErrors) is worth retrying.
 */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

/**
 * Refusals that may be caused by one write of a batch rather than by the request as a whole (a body too
 * large; the server answers a bad update on its own in `refused`, but an older server refused the whole
 * body for it). Such a batch is split in halves
 * and resent, so only the writes that are really refused are dropped. 403/401/404 concern the project or
 * the session and apply to every write alike, so they are not split.
 */
export function mayBePerWrite(err: ApiError): boolean {
  return err.status === 400 || err.status === 413 || err.status === 422;
}
