import { useEffect, useState } from "react";
import { Link, Navigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";

import type { BillingSubscription } from "../../domain/billing/api";
import { PLANS, planPriceId } from "../../domain/billing/catalog";
import { CREDITS_KEY } from "../api/projects";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { Button, toast } from "../ui";
import { BILLING_KEY, useBillingSummary } from "./billingApi";
import { billingRequest } from "./billingClient";
import { TestProviderHeader } from "./TestProviderFrame";

type Action = { action: "cancel" } | { action: "resume" } | { action: "renew" } | { action: "change"; priceId: string };

/** The test provider's billing portal (/billing/test/portal): change plan, cancel at period end, resume. */
export function TestPortalPage() {
  const session = useSession();
  const summary = useBillingSummary();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    document.title = "Billing portal (test mode) · Studio";
  }, []);
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor("/billing/test/portal")} replace />;

  const act = async (key: string, body: Action, done: string) => {
    setBusy(key);
    try {
      await billingRequest<{ subscription: BillingSubscription | null }>("POST", "/api/billing/test/portal", body);
      await Promise.all([qc.invalidateQueries({ queryKey: BILLING_KEY }), qc.invalidateQueries({ queryKey: CREDITS_KEY })]);
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The portal action failed");
    } finally {
      setBusy(null);
    }
  };
  const sub = summary.data?.subscription ?? null;
  const renews = sub?.currentPeriodEnd ? new Date(sub.currentPeriodEnd).toLocaleDateString("en-US", { dateStyle: "long" }) : null;

  return (
    <div className="min-h-dvh bg-bg px-5 py-8 text-text">
      <TestProviderHeader back className="mx-auto max-w-2xl" />
      <main className="mx-auto mt-8 max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold tracking-tight">Billing portal</h1>
        <section aria-labelledby="portal-plan" className="rounded-2xl border border-border bg-surface p-6">
          <h2 id="portal-plan" className="text-sm font-semibold uppercase tracking-wider text-text-muted">
            Current plan
          </h2>
          {summary.isPending ? (
            <p className="mt-3 text-sm text-text-muted">Loading…</p>
          ) : !sub ? (
            <p className="mt-3 text-sm text-text-muted">
              No subscription.{" "}
              <Link to="/pricing" className="text-accent underline-offset-4 hover:underline">
                Choose a plan
              </Link>
            </p>
          ) : (
            <>
              <p className="mt-3 text-lg font-semibold">
                {sub.planName} · {sub.interval === "yearly" ? "yearly" : "monthly"}
              </p>
              <p className="mt-1 text-sm text-text-muted" data-testid="portal-renewal">
                {sub.cancelAtPeriodEnd ? `Cancels on ${renews}` : `Renews on ${renews}`}
              </p>
              <div className="mt-5 flex flex-wrap gap-2">
                {sub.cancelAtPeriodEnd ? (
                  <Button
                    variant="primary"
                    loading={busy === "resume"}
                    disabled={busy !== null}
                    onClick={() => void act("resume", { action: "resume" }, "Your plan will renew.")}
                  >
                    Resume plan
                  </Button>
                ) : (
                  <Button
                    variant="danger"
                    loading={busy === "cancel"}
                    disabled={busy !== null}
                    onClick={() => void act("cancel", { action: "cancel" }, `Cancelled: your plan ends on ${renews}.`)}
                  >
                    Cancel plan
                  </Button>
                )}
                <Button
                  loading={busy === "renew"}
                  disabled={busy !== null}
                  onClick={() => void act("renew", { action: "renew" }, "Renewal paid: this period's credits were added.")}
                >
                  Simulate renewal
                </Button>
              </div>
            </>
          )}
        </section>
        {sub && (
          <section aria-labelledby="portal-change" className="rounded-2xl border border-border bg-surface p-6">
            <h2 id="portal-change" className="text-sm font-semibold uppercase tracking-wider text-text-muted">
              Change plan
            </h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2">
              {PLANS.flatMap((p) =>
                (["monthly", "yearly"] as const).map((interval) => {
                  const priceId = planPriceId(p.id, interval);
                  const current = p.id === sub.planId && interval === sub.interval;
                  return (
                    <li key={priceId}>
                      <Button
                        className="w-full justify-between"
                        disabled={current || busy !== null}
                        loading={busy === priceId}
                        onClick={() => void act(priceId, { action: "change", priceId }, `Changed to the ${p.name} plan.`)}
                      >
                        <span>
                          {p.name} · {interval}
                        </span>
                        <span className="text-text-muted">
                          {current ? "Current" : `$${interval === "yearly" ? p.priceYearly : p.priceMonthly}`}
                        </span>
                      </Button>
                    </li>
                  );
                }),
              )}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}
