import { GENERATION_MESSAGES } from "../../../domain/generation/api";
import { ApiError } from "../../api/client";

/** Spec canvas 8: no credits and signed out have fixed texts; otherwise the server's message, else the status. */
export function generationErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === "insufficient_credits") return GENERATION_MESSAGES.insufficientCredits;
    if (err.code === "unauthorized") return GENERATION_MESSAGES.authFailed;
    if (err.code === "network") return GENERATION_MESSAGES.failedRetry;
    return err.message || `Generation failed: ${err.status}`;
  }
  return GENERATION_MESSAGES.failedRetry;
}
