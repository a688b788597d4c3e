/**
 * What the browser's billing calls say when they fail (spec: shell 8 "Billing client"; the first three
 * are the spec's words, the rest are ours where the spec only names the case).
 */
export const BILLING_CLIENT_MESSAGES = {
  offline: "No network connection. Please check your internet connection and try again.",
  tlsFailed: "SSL/TLS connection failed - network connectivity issue detected",
  networkFailed: "Network connection failed - please check your internet connection",
  timedOut: "The billing server took too long to answer. Please try again.",
  checkoutUnavailable: "Pay-as-you-go checkout is temporarily unavailable. Please try again later.",
} as const;

/** A proxy's or gateway's HTML page came back where JSON was expected. */
export const billingErrorPage = (status: number) =>
  `The server returned an error page (HTTP ${status}) instead of billing data. Please try again later.`;

/** spec: shell 7, the older billing client's 10-second timeout. */
export const BILLING_TIMEOUT_MS = 10_000;
