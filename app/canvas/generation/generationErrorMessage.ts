import { GENERATION_MESSAGES } from "../../../domain/generation/api";
import { messageFor } from "../../api/errorMessages";

/** Spec canvas 8: no credits and signed out have fixed texts; otherwise the server's message. */
export const generationErrorMessage = (err: unknown): string =>
  messageFor(err, {
    insufficient_credits: GENERATION_MESSAGES.insufficientCredits,
    unauthorized: GENERATION_MESSAGES.authFailed,
    network: GENERATION_MESSAGES.failedRetry,
    fallback: GENERATION_MESSAGES.failedRetry,
  });
