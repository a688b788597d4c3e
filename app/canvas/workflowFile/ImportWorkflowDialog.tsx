import { useEffect, useState } from "react";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { issueKey, type CompatibilityIssue } from "../../../domain/workflowFile/compatibility";
import { Button, Dialog, Select, Spinner } from "../../ui";

/** Where an import stands: the file being checked by the server, checked and ready, or refused. */
export type ImportState =
  | { status: "reading"; fileName: string }
  | { status: "ready"; fileName: string; prepared: PreparedWorkflow }
  | { status: "failed"; fileName: string; error: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(p: PreparedWorkflow): string {
  const parts = [plural(p.nodes.length, "node", "nodes")];
  if (p.edges.length) parts.push(plural(p.edges.length, "connection", "connections"));
  if (p.mediaCount) parts.push(plural(p.mediaCount, "media file", "media files"));
  return `${parts.join(", ")} will be added beside your canvas.`;
}

function IssueRow({ issue, accepted, onChange }: { issue: CompatibilityIssue; accepted: boolean; onChange(accepted: boolean): void }) {
  const id = `workflow-issue-${issueKey(issue).replace(/[^\w-]/g, "_")}`;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-border bg-surface-2 p-3" data-testid="workflow-issue">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-text">{issue.nodeTitle}</span>
        <span className="text-xs text-text-muted">
          {issue.kind === "model" ? "Model" : "Tool"}: {issue.name}
        </span>
      </div>
      <p className="text-xs text-text-muted">{issue.reason}</p>
      {issue.substitute ? (
        <Select
          id={id}
          aria-label={`${issue.kind === "model" ? "Model" : "Tool"} for ${issue.nodeTitle}`}
          value={accepted ? "substitute" : "keep"}
          onValueChange={(v) => onChange(v === "substitute")}
          options={[
            { value: "substitute", label: `Use ${issue.substitute.name} instead` },
            { value: "keep", label: `Keep ${issue.name} (will not run here)` },
          ]}
        />
      ) : (
        <p className="text-xs text-text-muted">No substitute here: the node keeps it as the file says.</p>
      )}
    </li>
  );
}

/**
 * The import's check: before anything lands, what will not run here and the substitute offered
 * for each (accepted unless the person keeps the original); Import applies it all as one undo step.
 */
export function ImportWorkflowDialog({
  state,
  onClose,
  onChooseAnother,
  onImport,
}: {
  state: ImportState | null;
  onClose(): void;
  onChooseAnother(): void;
  onImport(prepared: PreparedWorkflow, accepted: Set<string>): void;
}) {
  const prepared = state?.status === "ready" ? state.prepared : null;
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  useEffect(() => setAccepted(new Set(prepared?.issues.filter((i) => i.substitute).map(issueKey) ?? [])), [prepared]);

  const footer =
    state?.status === "ready" ? (
      <>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => onImport(state.prepared, accepted)} data-testid="import-workflow">
          Import
        </Button>
      </>
    ) : state?.status === "failed" ? (
      <>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button variant="primary" onClick={onChooseAnother}>
          Choose another file
        </Button>
      </>
    ) : null;

  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Import workflow"
      description={state ? state.fileName : undefined}
      footer={footer}
      className="max-w-xl"
    >
      {state?.status === "reading" && (
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <Spinner label="Checking the file" /> Checking the file…
        </p>
      )}
      {state?.status === "failed" && (
        <p role="alert" className="text-sm text-danger">
          {state.error}
        </p>
      )}
      {state?.status === "ready" && (
        <div className="flex flex-col gap-3 text-sm">
          <p>{summary(state.prepared)}</p>
          {state.prepared.issues.length ? (
            <>
              <h3 className="text-xs font-medium text-text">What will not run here</h3>
              <ul className="flex flex-col gap-2" aria-label="What will not run here">
                {state.prepared.issues.map((issue) => (
                  <IssueRow
                    key={issueKey(issue)}
                    issue={issue}
                    accepted={accepted.has(issueKey(issue))}
                    onChange={(take) =>
                      setAccepted((prev) => {
                        const next = new Set(prev);
                        if (take) next.add(issueKey(issue));
                        else next.delete(issueKey(issue));
                        return next;
                      })
                    }
                  />
                ))}
              </ul>
            </>
          ) : (
            <p className="text-text-muted">Every model and tool in it can run here.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
