import { useEffect, useState, type ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { Download, ExternalLink, Receipt } from "lucide-react";
import { formatCredits, formatMoney } from "../../domain/credits";
import { useCredits } from "../api/projects";
import { useSession } from "../api/session";
import { loginPathFor } from "../auth/returnTo";
import { LoadingScreen } from "../shell/LoadingScreen";
import { BackLink, Button, Logo, Skeleton, buttonClassName, toast } from "../ui";
import { formatCents, portalUrl, useBillingSummary, usePurchases, useUsage } from "./billingApi";
import { runName } from "../../domain/billing/runName";
import { SpendChart } from "./SpendChart";
import { TestModeBadge } from "./TestModeBadge";

const PAGE = 50;
const date = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });
const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** /billing: the plan, the balance, what was spent (chart and every run) and what was bought. */
export function BillingPage() {
  const session = useSession();
  useEffect(() => {
    document.title = "Billing · Studio";
  }, []);
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor("/billing")} replace />;
  return (
    <div className="min-h-dvh bg-bg text-text">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <BackLink to="/">Back to studio</BackLink>
        <Logo size={28} withWordmark />
      </header>
      <main className="mx-auto max-w-5xl space-y-6 px-5 pb-20 sm:px-8">
        <h1 className="mt-2 text-2xl font-bold tracking-tight">Billing</h1>
        <PlanAndBalance />
        <Card title="Credits spent, last 30 days">
          <SpendSection />
        </Card>
        <UsageSection />
        <PurchasesSection />
      </main>
    </div>
  );
}

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `billing-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-surface p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id={id} className="text-sm font-semibold uppercase tracking-wider text-text-muted">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function PlanAndBalance() {
  const summary = useBillingSummary();
  const credits = useCredits();
  const [opening, setOpening] = useState(false);
  const sub = summary.data?.subscription ?? null;
  const manage = async () => {
    setOpening(true);
    const answer = await portalUrl();
    if ("url" in answer) return window.location.assign(answer.url);
    toast.error(answer.error);
    setOpening(false);
  };
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card title="Plan" action={summary.data?.testMode ? <TestModeBadge /> : null}>
        {summary.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : sub ? (
          <>
            <p className="text-xl font-semibold" data-testid="billing-plan">
              {sub.planName} <span className="text-sm font-normal text-text-muted">· {sub.interval}</span>
            </p>
            <p className="mt-1 text-sm text-text-muted">
              {sub.currentPeriodEnd ? `${sub.cancelAtPeriodEnd ? "Ends" : "Renews"} on ${date(sub.currentPeriodEnd)}` : "Active"}
              {sub.status !== "active" ? ` · ${sub.status.replace("_", " ")}` : ""}
            </p>
          </>
        ) : (
          <p className="text-sm text-text-muted" data-testid="billing-plan">
            Pay as you go: no plan.
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/pricing" className={buttonClassName("primary", "md")}>
            {sub ? "Buy credits" : "Plans and credits"}
          </Link>
          <Button loading={opening} onClick={() => void manage()}>
            Manage Subscription
          </Button>
        </div>
      </Card>
      <Card title="Balance">
        <p className="text-3xl font-bold tabular-nums" data-testid="billing-balance">
          {formatCredits(credits.data ?? 0)}
        </p>
        {/* One unit everywhere: credits, as the top bar shows them; their worth in money is a note. */}
        <p className="mt-1 text-sm text-text-muted">Worth {formatMoney(credits.data ?? 0)}. Runs on your own API keys cost none.</p>
      </Card>
    </div>
  );
}

function SpendSection() {
  const summary = useBillingSummary();
  if (summary.isPending) return <Skeleton className="h-40 w-full" />;
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        Could not load your spending. {summary.error.message}
      </p>
    );
  return <SpendChart days={summary.data.spentPerDay} />;
}

function UsageSection() {
  const [page, setPage] = useState(0);
  const usage = useUsage(page, PAGE);
  const rows = usage.data?.usage ?? [];
  return (
    <Card
      title="Usage"
      action={
        <a href="/api/billing/usage?format=csv" download className={buttonClassName("ghost", "sm")}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      {usage.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : usage.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load your usage. {usage.error.message}
        </p>
      ) : rows.length === 0 && page === 0 ? (
        <p className="text-sm text-text-muted">No runs yet. Every generation and tool run you start shows here with what it cost.</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Runs and their credits">
              <thead className="text-xs uppercase tracking-wider text-text-subtle">
                <tr>
                  <th className="py-2 pr-4 font-medium">Date</th>
                  <th className="py-2 pr-4 font-medium">Project</th>
                  <th className="py-2 pr-4 font-medium">Model or tool</th>
                  <th className="py-2 pr-4 text-right font-medium">Credits</th>
                  <th className="py-2 font-medium">Note</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((r) => (
                  <tr key={r.id} data-testid="usage-row">
                    <td className="py-2 pr-4 whitespace-nowrap text-text-muted">{dateTime(r.createdAt)}</td>
                    <td className="py-2 pr-4">
                      <Link
                        to={`/?project=${encodeURIComponent(r.projectId)}`}
                        className="text-text underline-offset-4 hover:text-accent hover:underline"
                      >
                        {r.projectName}
                      </Link>
                      {r.nodeTitle && (
                        <>
                          <span className="text-text-subtle"> · </span>
                          <Link
                            to={`/?project=${encodeURIComponent(r.projectId)}&node=${encodeURIComponent(r.nodeId)}`}
                            className="text-text-muted underline-offset-4 hover:text-accent hover:underline"
                            aria-label={`Open ${r.nodeTitle} in ${r.projectName}`}
                          >
                            {r.nodeTitle}
                          </Link>
                        </>
                      )}
                    </td>
                    <td className="py-2 pr-4">{runName(r.modelId)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCredits(r.credits)}</td>
                    <td className="py-2 text-text-muted">
                      {r.ownKey
                        ? "Your key"
                        : r.refunded
                          ? "Refunded"
                          : r.status === "queued" || r.status === "running"
                            ? "Running (held)"
                            : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex items-center justify-end gap-2 text-sm">
            <span className="mr-auto text-text-muted">Page {page + 1}</span>
            <Button size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <Button size="sm" disabled={!usage.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

function PurchasesSection() {
  const purchases = usePurchases();
  return (
    <Card title="Purchases">
      {purchases.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : purchases.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load your purchases. {purchases.error.message}
        </p>
      ) : purchases.data.length === 0 ? (
        <p className="text-sm text-text-muted">Nothing bought yet.</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label="Invoices and packs">
          {purchases.data.map((p) => (
            <li key={p.id} className="flex items-center gap-4 py-2.5" data-testid="purchase-row">
              <Receipt className="size-4 shrink-0 text-text-subtle" aria-hidden="true" />
              <span className="w-32 shrink-0 text-text-muted">{date(p.createdAt)}</span>
              <span className="min-w-0 flex-1 truncate">{p.description}</span>
              <span className="tabular-nums text-text-muted">+{formatCredits(p.credits)}</span>
              <span className="w-20 text-right tabular-nums">{formatCents(p.amountCents)}</span>
              <span className="flex w-28 flex-col items-end text-xs">
                {p.refundedCents > 0 && <span className="text-warning">Refunded {formatCents(p.refundedCents)}</span>}
                {/* The provider's page (a Stripe receipt shows refunds too); a pack's can come a moment after its credits. */}
                {p.receiptUrl && (
                  <a
                    href={p.receiptUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Receipt for ${p.description}, ${date(p.createdAt)} (opens in a new tab)`}
                    className="inline-flex items-center gap-1 text-accent hover:underline"
                  >
                    Receipt <ExternalLink className="size-3" aria-hidden="true" />
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
