import { useEffect, useState } from "react";
import { useStore } from "zustand";
import type { GraphRunPlan } from "../../../domain/runs/api";
import { Button, Dialog, Spinner } from "../../ui";
import { useGeneration } from "../store/useCanvas";

/**
 * The one confirmation before a graph run: the nodes that will run with their credits, those
 * cached, those that cannot run and why, and the total the queue will hold. "Force re-run" asks again with
 * the cache ignored. Cancel changes nothing.
 */
export function RunGraphDialog() {
  const { graph } = useGeneration();
  const request = useStore(graph.dialog, (s) => s.request);
  const [force, setForce] = useState(false);
  const [plan, setPlan] = useState<GraphRunPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!request) return;
    let current = true;
    setPlan(null);
    setError(null);
    graph.plan(request, force).then(
      (p) => current && setPlan(p),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [request, force, graph]);
  useEffect(() => {
    if (!request) setForce(false);
  }, [request]);

  const run = async () => {
    if (!request) return;
    setStarting(true);
    const refused = await graph.start(request, force);
    setStarting(false);
    if (!refused) graph.close();
  };
  const runCount = plan?.run.length ?? 0;
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && !starting && graph.close()}
      title={request?.title ?? "Run"}
      description="These nodes run in order, each once its inputs are ready. Unchanged nodes keep their result."
      className="max-w-md"
      footer={
        <>
          <label className="mr-auto flex items-center gap-2 text-sm text-text-muted">
            <input
              type="checkbox"
              className="accent-[var(--color-accent)]"
              checked={force}
              disabled={starting}
              onChange={(e) => setForce(e.target.checked)}
            />{" "}
            Force re-run
          </label>
          <Button variant="ghost" disabled={starting} onClick={() => graph.close()}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={!plan || runCount === 0 || starting}
            onClick={() => void run()}
            data-testid="confirm-graph-run"
          >
            {starting && <Spinner className="size-4" />}
            {runCount === 0 ? "Run" : `Run ${runCount} ${runCount === 1 ? "node" : "nodes"}`}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : !plan ? (
        <div className="flex items-center gap-2 text-sm text-text-muted">
          <Spinner className="size-4" /> Checking what needs to run…
        </div>
      ) : (
        <div className="flex flex-col gap-4 text-sm" data-testid="graph-run-plan">
          <Section label="Will run" empty="Nothing: every node is unchanged since its last run." testId="plan-run">
            {plan.run.map((n) => (
              <Row key={n.nodeId} title={n.title} detail={`${n.credits} credits`} />
            ))}
          </Section>
          {plan.cached.length > 0 && (
            <Section label="Cached (unchanged, not charged)" testId="plan-cached">
              {plan.cached.map((n) => (
                <Row key={n.nodeId} title={n.title} detail="cached" muted />
              ))}
            </Section>
          )}
          {plan.skipped.length > 0 && (
            <Section label="Cannot run" testId="plan-skipped">
              {plan.skipped.map((n) => (
                <Row key={n.nodeId} title={n.title} detail={n.reason} muted />
              ))}
            </Section>
          )}
          <div className="flex items-center justify-between border-t border-border pt-3 font-medium">
            <span>Total</span>
            <span data-testid="plan-credits" className="tabular-nums">
              {plan.credits} credits
            </span>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function Section({ label, empty, testId, children }: { label: string; empty?: string; testId: string; children: React.ReactNode[] }) {
  return (
    <section aria-label={label} data-testid={testId}>
      <h3 className="mb-1.5 text-xs font-medium uppercase tracking-wide text-text-subtle">{label}</h3>
      {children.length ? <ul className="flex flex-col gap-1">{children}</ul> : <p className="text-text-muted">{empty}</p>}
    </section>
  );
}

function Row({ title, detail, muted }: { title: string; detail: string; muted?: boolean }) {
  return (
    <li className="flex items-baseline justify-between gap-3 rounded-md bg-surface-2 px-2.5 py-1.5">
      <span className={muted ? "truncate text-text-muted" : "truncate text-text"}>{title}</span>
      <span className="shrink-0 text-xs tabular-nums text-text-muted">{detail}</span>
    </li>
  );
}
