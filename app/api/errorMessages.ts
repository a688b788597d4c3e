import type { ErrorCode } from "../../domain/errors";
import { ApiError } from "./client";

/** What an ApiError's code can be: the server's stable codes, or "network" when it could not be reached. */
export type ApiErrorCode = ErrorCode | "network";

/** True when `err` is the API's refusal with one of these codes. The app decides by code, never by status. */
export function hasCode(err: unknown, ...codes: ApiErrorCode[]): err is ApiError {
  return err instanceof ApiError && (codes as string[]).includes(err.code);
}

/** A room's own words for some codes (texts the spec fixes), and what to say when nothing better is known. */
export type ErrorTexts = Partial<Record<ApiErrorCode, string>> & { fallback: string };

/**
 * The one place a failure becomes words: the room's text for the error's code, else the server's own
 * message (every API error carries one a person can read), else the room's fallback.
 */
export function messageFor(err: unknown, texts: ErrorTexts): string {
  if (!(err instanceof ApiError)) return texts.fallback;
  return texts[err.code as ApiErrorCode] ?? (err.message || texts.fallback);
}
