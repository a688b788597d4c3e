import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Lock, Receipt } from "lucide-react";
import type { TestReceipt } from "../../domain/billing/api";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { BackLink, Logo } from "../ui";
import { formatCents } from "./billingApi";
import { billingRequest } from "./billingClient";
import { TestModeBadge } from "./TestModeBadge";

/**
 * The built-in test provider's receipt of a purchase (/billing/test/receipt/:id), where Stripe would show its
 * own receipt or invoice page: what was bought, when, for how much, and any refund.
 */
export function TestReceiptPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const receipt = useQuery({
    queryKey: ["test-receipt", id],
    queryFn: () => billingRequest<TestReceipt>("GET", `/api/billing/test/receipt/${encodeURIComponent(id)}`),
    enabled: Boolean(session.data),
    retry: false,
  });
  useEffect(() => {
    document.title = "Receipt (test mode) · Studio";
  }, []);
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor(`/billing/test/receipt/${id}`)} replace />;

  const r = receipt.data;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-bg px-5 py-10 text-text">
      <div className="flex w-full max-w-md items-center justify-between">
        <BackLink to="/billing">Back to Billing</BackLink>
        <div className="flex items-center gap-3">
          <TestModeBadge />
          <Logo size={28} />
        </div>
      </div>
      <main className="mt-10 w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-lg">
        <h1 className="flex items-center gap-2 text-lg font-semibold">
          <Receipt className="size-5 text-accent" aria-hidden="true" />
          Receipt
        </h1>
        {receipt.isPending && <p className="mt-6 text-sm text-text-muted">Loading…</p>}
        {receipt.isError && (
          <p role="alert" className="mt-6 text-sm text-danger">
            {receipt.error.message}
          </p>
        )}
        {r && (
          <dl className="mt-6 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-text-muted">Item</dt>
              <dd className="font-medium">{r.description}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-text-muted">Date</dt>
              <dd>{new Date(r.createdAt).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" })}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-text-muted">Credits</dt>
              <dd className="tabular-nums">{r.credits.toLocaleString("en-US")}</dd>
            </div>
            {r.paymentRef && (
              <div className="flex justify-between gap-4">
                <dt className="text-text-muted">Payment</dt>
                <dd className="truncate font-mono text-xs">{r.paymentRef}</dd>
              </div>
            )}
            {r.refundedCents > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-text-muted">Refunded</dt>
                <dd className="tabular-nums text-warning">{formatCents(r.refundedCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
              <dt className="font-semibold">Amount paid</dt>
              <dd className="font-semibold tabular-nums" data-testid="receipt-amount">
                {formatCents(r.amountCents)}
              </dd>
            </div>
          </dl>
        )}
        <p className="mt-6 flex items-center gap-1.5 text-xs text-text-subtle">
          <Lock className="size-3.5" aria-hidden="true" />
          Test mode: no card was charged and no money moved.
        </p>
      </main>
    </div>
  );
}
