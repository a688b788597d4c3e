import { useEffect } from "react";
import { Navigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import type { TestReceipt } from "../../domain/billing/api";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { formatCents } from "./billingApi";
import { billingRequest } from "./billingClient";
import { SummaryRow, TestProviderCard } from "./TestProviderFrame";

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
    <TestProviderCard back icon={Receipt} title="Receipt" state={receipt} note="Test mode: no card was charged and no money moved.">
      {r && (
        <dl className="mt-6 space-y-3 text-sm">
          <SummaryRow label="Item">
            <dd className="font-medium">{r.description}</dd>
          </SummaryRow>
          <SummaryRow label="Date">
            <dd>{new Date(r.createdAt).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" })}</dd>
          </SummaryRow>
          <SummaryRow label="Credits">
            <dd className="tabular-nums">{r.credits.toLocaleString("en-US")}</dd>
          </SummaryRow>
          {r.paymentRef && (
            <SummaryRow label="Payment">
              <dd className="truncate font-mono text-xs">{r.paymentRef}</dd>
            </SummaryRow>
          )}
          {r.refundedCents > 0 && (
            <SummaryRow label="Refunded">
              <dd className="tabular-nums text-warning">{formatCents(r.refundedCents)}</dd>
            </SummaryRow>
          )}
          <SummaryRow label="Amount paid" total>
            <dd className="font-semibold tabular-nums" data-testid="receipt-amount">
              {formatCents(r.amountCents)}
            </dd>
          </SummaryRow>
        </dl>
      )}
    </TestProviderCard>
  );
}
