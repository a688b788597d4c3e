import { useQuery } from "@tanstack/react-query";
import { BILLING_MESSAGES, type BillingSummary, type PurchaseRow, type UsageRow } from "../../domain/billing/api";
import { MESSAGES } from "../../domain/errors";
import { ApiError } from "../api/client";
import { billingRequest, CHECKOUT_PATH, isBillingTransportFailure } from "./billingClient";
import { hasCode } from "../api/errorMessages";

export const BILLING_KEY = ["billing"] as const;

export function useBillingConfig() {
  return useQuery({
    queryKey: [...BILLING_KEY, "config"],
    queryFn: () => billingRequest<{ provider: "stripe" | "test" | "none"; testMode: boolean }>("GET", "/api/billing/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBillingSummary() {
  return useQuery({ queryKey: [...BILLING_KEY, "summary"], queryFn: () => billingRequest<BillingSummary>("GET", "/api/billing/summary") });
}

export function useUsage(page: number, pageSize = 50) {
  return useQuery({
    queryKey: [...BILLING_KEY, "usage", page, pageSize],
    queryFn: () =>
      billingRequest<{ usage: UsageRow[]; hasMore: boolean }>("GET", `/api/billing/usage?limit=${pageSize}&offset=${page * pageSize}`),
    placeholderData: (previous) => previous,
  });
}

export function usePurchases() {
  return useQuery({
    queryKey: [...BILLING_KEY, "history"],
    queryFn: async () => (await billingRequest<{ history: PurchaseRow[] }>("GET", "/api/billing/history?limit=50")).history,
  });
}

/** Goes to the provider's checkout (a studio page for the test provider, Stripe's otherwise). */
export async function goToCheckout(priceId: string): Promise<void> {
  const { url } = await billingRequest<{ url: string }>("POST", CHECKOUT_PATH, { priceId });
  window.location.assign(url);
}

/**
 * The billing portal's URL, or the spec's message for why it cannot open (shell 8 "Billing portal"); a
 * network, time-out or error-page failure keeps the billing client's own message (shell 8 "Billing client").
 */
export async function portalUrl(): Promise<{ url: string } | { error: string }> {
  try {
    const answer = await billingRequest<{ url?: unknown } | null>("POST", "/api/billing/portal");
    return typeof answer?.url === "string" ? { url: answer.url } : { error: BILLING_MESSAGES.portalUnexpected };
  } catch (err) {
    if (hasCode(err, "unauthorized")) return { error: BILLING_MESSAGES.portalSignedOut };
    if (isBillingTransportFailure(err)) return { error: err.message };
    if (hasCode(err, "not_configured")) return { error: err.message };
    if (err instanceof ApiError) return { error: BILLING_MESSAGES.portalFailed };
    return { error: BILLING_MESSAGES.portalUnexpected };
  }
}

/** A refusal's own words (409 'You are already on…') or the billing client's message, or a plain one. */
export const checkoutError = (err: unknown): string =>
  hasCode(err, "unauthorized") ? MESSAGES.notSignedIn : err instanceof ApiError ? err.message : BILLING_MESSAGES.portalUnexpected;

export const formatCents = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
