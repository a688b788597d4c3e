import { BILLING_CLIENT_MESSAGES, BILLING_TIMEOUT_MS, billingErrorPage } from "../../domain/billing/clientMessages";
import { ApiError, jsonRequest, readAnswer } from "../api/client";

export const CHECKOUT_PATH = "/api/billing/checkout";

/** Codes of failures before or around the billing routes; their messages are meant to be shown as they are. */
const TRANSPORT_CODES: ReadonlySet<string> = new Set(["offline", "tls_failed", "network", "timeout", "error_page", "checkout_unavailable"]);

export const isBillingTransportFailure = (err: unknown): err is ApiError => err instanceof ApiError && TRANSPORT_CODES.has(err.code);

/**
 * Every billing call the browser makes goes through here (spec: shell 7 and 8 "Billing client"): a 10 s
 * time-out, and failures that never reached the billing routes become the spec's messages. The server's
 * own `{ error, code }` refusals pass through as an ApiError, unchanged.
 *
 * No retries: the spec retries a 500 only for sync-user and the token exchange, which this studio does not
 * have (its sessions are its own; docs/ARCHITECTURE.md "Billing").
 */
export async function billingRequest<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, jsonRequest(method, body, AbortSignal.timeout(BILLING_TIMEOUT_MS)));
  } catch (err) {
    throw transportFailure(err);
  }
  // A missing checkout route (an older server, a proxy) rather than a refusal (spec: shell 8 "Billing client").
  if (res.status === 404 && path === CHECKOUT_PATH) {
    throw new ApiError(404, "checkout_unavailable", BILLING_CLIENT_MESSAGES.checkoutUnavailable);
  }
  if (res.headers.get("content-type")?.includes("text/html")) {
    throw new ApiError(res.status, "error_page", billingErrorPage(res.status));
  }
  try {
    return await readAnswer<T>(res);
  } catch (err) {
    // The time-out also covers reading the body.
    throw err instanceof ApiError ? err : transportFailure(err);
  }
}

function transportFailure(err: unknown): ApiError {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return new ApiError(0, "offline", BILLING_CLIENT_MESSAGES.offline);
  }
  if (errorName(err) === "TimeoutError") return new ApiError(0, "timeout", BILLING_CLIENT_MESSAGES.timedOut);
  if (err instanceof TypeError && /ssl|tls|cert/i.test(failureText(err))) {
    return new ApiError(0, "tls_failed", BILLING_CLIENT_MESSAGES.tlsFailed);
  }
  return new ApiError(0, "network", BILLING_CLIENT_MESSAGES.networkFailed);
}

const errorName = (err: unknown) => (typeof err === "object" && err !== null && "name" in err ? err.name : undefined);

/** A fetch TypeError's message and its cause's (Node puts 'CERT_HAS_EXPIRED' there, browsers say less). */
function failureText(err: TypeError): string {
  const cause = err.cause as { message?: unknown; code?: unknown } | undefined;
  return [err.message, cause?.message, cause?.code].filter((part) => typeof part === "string").join(" ");
}
