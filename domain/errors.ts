/** Stable error codes every API error carries as `{ error, code }` (see server/http/errors.ts). */
export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "already_exists",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "insufficient_credits",
  "rate_limited",
  /** Another service we depend on (a stock library, a remote file host) failed or refused us: 502. */
  "upstream_failed",
  /** A feature this studio has not been set up for (no stock-library key): 503. */
  "not_configured",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
}

/** Texts the spec fixes word for word (studio-shell 2, 5 and 8). */
export const MESSAGES = {
  projectNameRequired: "Project name is required",
  signInToCreate: "Please sign in to create a project",
  projectCreateFailed: "Failed to create project. Please try again.",
  projectRenameFailed: "Failed to update project name. Please try again.",
  projectDeleteFailed: "Failed to delete project. Please try again.",
  projectDeleteConfirm: "Are you sure you want to delete this project? This action cannot be undone.",
  accessDeniedDefault: "This project is private and you haven't been invited to view it.",
  accessDeniedHint: "To access this project, you need to be invited by the project owner or have the appropriate permissions.",
  mobileGateTitle: "Sorry, Studio is only available on Desktop right now.",
  mobileGateBody: "We're working hard to bring it to you everywhere.",
  paymentSuccess: "✅ Payment successful! Your credits will be added shortly.",
  paymentCancelled: "❌ Payment cancelled. No charges were made.",
  notSignedIn: "Please sign in to continue",
  projectNotFound: "Project not found",
} as const;

export const projectCreatedToast = (name: string) => `Project "${name}" created successfully!`;
export const projectNameTaken = (name: string) => `A project named "${name}" already exists`;
