import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { Button, toast } from "../ui";
import { formatCents } from "./billingApi";
import { billingRequest } from "./billingClient";
import { SummaryRow, TestProviderCard } from "./TestProviderFrame";

interface TestSession {
  id: string;
  status: string;
  name: string;
  kind: "plan" | "pack";
  amountCents: number;
  credits: number;
  interval: "monthly" | "yearly" | null;
}

/**
 * The built-in test provider's checkout (/billing/test/checkout/:id): what is bought and for how much, then
 * Pay or Cancel, which return to the studio the way a real provider does (/?payment=success|cancelled).
 */
export function TestCheckoutPage() {
  const { id = "" } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<"pay" | "cancel" | null>(null);
  const checkout = useQuery({
    queryKey: ["test-checkout", id],
    queryFn: () => billingRequest<TestSession>("GET", `/api/billing/test/checkout/${encodeURIComponent(id)}`),
    enabled: Boolean(session.data),
    retry: false,
  });
  useEffect(() => {
    document.title = "Checkout (test mode) · Studio";
  }, []);
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor(`/billing/test/checkout/${id}`)} replace />;

  const finish = async (action: "complete" | "cancel") => {
    setBusy(action === "complete" ? "pay" : "cancel");
    try {
      const { redirect } = await billingRequest<{ redirect: string }>(
        "POST",
        `/api/billing/test/checkout/${encodeURIComponent(id)}/${action}`,
      );
      navigate(redirect, { replace: true });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The test checkout failed");
      setBusy(null);
    }
  };

  const c = checkout.data;
  return (
    <TestProviderCard
      back={false}
      icon={CreditCard}
      title="Checkout"
      state={checkout}
      note="Test mode: no card is asked for and no money moves. Set STRIPE_SECRET_KEY for real payments."
    >
      {c && (
        <>
          <dl className="mt-6 space-y-3 text-sm">
            <SummaryRow label="Item">
              <dd className="font-medium">{c.name}</dd>
            </SummaryRow>
            <SummaryRow label="Credits">
              <dd className="tabular-nums">
                {c.credits.toLocaleString("en-US")}
                {c.interval ? (c.interval === "yearly" ? " a year" : " a month") : ""}
              </dd>
            </SummaryRow>
            <SummaryRow label={c.interval ? `Total, then every ${c.interval === "yearly" ? "year" : "month"}` : "Total"} total>
              <dd className="font-semibold tabular-nums">{formatCents(c.amountCents)}</dd>
            </SummaryRow>
          </dl>
          {c.status !== "open" ? (
            <p role="alert" className="mt-6 text-sm text-text-muted">
              This checkout has already been completed or cancelled.
            </p>
          ) : (
            <div className="mt-6 space-y-2">
              <Button
                variant="primary"
                size="lg"
                className="w-full"
                loading={busy === "pay"}
                disabled={busy !== null}
                onClick={() => void finish("complete")}
              >
                Pay {formatCents(c.amountCents)} (test)
              </Button>
              <Button
                variant="ghost"
                className="w-full"
                loading={busy === "cancel"}
                disabled={busy !== null}
                onClick={() => void finish("cancel")}
              >
                Cancel and return to the studio
              </Button>
            </div>
          )}
        </>
      )}
    </TestProviderCard>
  );
}
