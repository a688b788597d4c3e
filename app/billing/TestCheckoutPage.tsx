import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CreditCard, Lock } from "lucide-react";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { Button, Logo, toast } from "../ui";
import { formatCents } from "./billingApi";
import { billingRequest } from "./billingClient";
import { TestModeBadge } from "./TestModeBadge";

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
  const checkout = useQuery({ queryKey: ["test-checkout", id], queryFn: () => billingRequest<TestSession>("GET", `/api/billing/test/checkout/${encodeURIComponent(id)}`), enabled: Boolean(session.data), retry: false });
  useEffect(() => {
    document.title = "Checkout (test mode) · Studio";
  }, []);
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor(`/billing/test/checkout/${id}`)} replace />;

  const finish = async (action: "complete" | "cancel") => {
    setBusy(action === "complete" ? "pay" : "cancel");
    try {
      const { redirect } = await billingRequest<{ redirect: string }>("POST", `/api/billing/test/checkout/${encodeURIComponent(id)}/${action}`);
      navigate(redirect, { replace: true });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The test checkout failed");
      setBusy(null);
    }
  };

  const c = checkout.data;
  return (
    <div className="flex min-h-dvh flex-col items-center bg-bg px-5 py-10 text-text">
      <div className="flex w-full max-w-md items-center justify-between">
        <Logo size={28} withWordmark />
        <TestModeBadge />
      </div>
      <main className="mt-10 w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-lg">
        <h1 className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard className="size-5 text-accent" aria-hidden="true" />
          Checkout
        </h1>
        {checkout.isPending && <p className="mt-6 text-sm text-text-muted">Loading…</p>}
        {checkout.isError && (
          <p role="alert" className="mt-6 text-sm text-danger">
            {checkout.error.message}
          </p>
        )}
        {c && (
          <>
            <dl className="mt-6 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-text-muted">Item</dt>
                <dd className="font-medium">{c.name}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-text-muted">Credits</dt>
                <dd className="tabular-nums">
                  {c.credits.toLocaleString("en-US")}
                  {c.interval ? (c.interval === "yearly" ? " a year" : " a month") : ""}
                </dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
                <dt className="font-semibold">{c.interval ? `Total, then every ${c.interval === "yearly" ? "year" : "month"}` : "Total"}</dt>
                <dd className="font-semibold tabular-nums">{formatCents(c.amountCents)}</dd>
              </div>
            </dl>
            {c.status !== "open" ? (
              <p role="alert" className="mt-6 text-sm text-text-muted">
                This checkout has already been completed or cancelled.
              </p>
            ) : (
              <div className="mt-6 space-y-2">
                <Button variant="primary" size="lg" className="w-full" loading={busy === "pay"} disabled={busy !== null} onClick={() => void finish("complete")}>
                  Pay {formatCents(c.amountCents)} (test)
                </Button>
                <Button variant="ghost" className="w-full" loading={busy === "cancel"} disabled={busy !== null} onClick={() => void finish("cancel")}>
                  Cancel and return to the studio
                </Button>
              </div>
            )}
          </>
        )}
        <p className="mt-6 flex items-center gap-1.5 text-xs text-text-subtle">
          <Lock className="size-3.5" aria-hidden="true" />
          Test mode: no card is asked for and no money moves. Set STRIPE_SECRET_KEY for real payments.
        </p>
      </main>
    </div>
  );
}
