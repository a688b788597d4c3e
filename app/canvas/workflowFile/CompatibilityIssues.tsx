import { issueKey, type CompatibilityIssue } from "../../../domain/workflowFile/compatibility";
import type { ReactNode } from "react";
import { Select, Spinner } from "../../ui";

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
 * What will not run here and the substitute offered for each (the workflow file import's and the library
 * block insert's check, in the same words); `accepted` holds the issue keys whose substitute is taken.
 */
export function CompatibilityIssues({
  issues,
  accepted,
  onChange,
}: {
  issues: readonly CompatibilityIssue[];
  accepted: ReadonlySet<string>;
  onChange(next: Set<string>): void;
}) {
  if (!issues.length) return <p className="text-text-muted">Every model and tool in it can run here.</p>;
  return (
    <>
      <h3 className="text-xs font-medium text-text">What will not run here</h3>
      <ul className="flex flex-col gap-2" aria-label="What will not run here">
        {issues.map((issue) => (
          <IssueRow
            key={issueKey(issue)}
            issue={issue}
            accepted={accepted.has(issueKey(issue))}
            onChange={(take) => {
              const next = new Set(accepted);
              if (take) next.add(issueKey(issue));
              else next.delete(issueKey(issue));
              onChange(next);
            }}
          />
        ))}
      </ul>
    </>
  );
}

/**
 * The body of a dialog that checks what it brings in before it lands (a workflow file, a library block):
 * checking, refused with the reason, or ready with what it adds and the compatibility issues.
 */
export function CompatibilityCheck({
  status,
  checking,
  error,
  summary,
  issues,
  accepted,
  onChange,
}: {
  status: "checking" | "failed" | "ready";
  /** What is being checked, as "Checking the …". */
  checking: string;
  error?: string | undefined;
  summary?: ReactNode;
  issues?: readonly CompatibilityIssue[] | undefined;
  accepted: ReadonlySet<string>;
  onChange(accepted: Set<string>): void;
}) {
  if (status === "checking")
    return (
      <p className="flex items-center gap-2 text-sm text-text-muted">
        <Spinner label={checking} /> {checking}…
      </p>
    );
  if (status === "failed")
    return (
      <p role="alert" className="text-sm text-danger">
        {error}
      </p>
    );
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{summary}</p>
      <CompatibilityIssues issues={issues ?? []} accepted={accepted} onChange={onChange} />
    </div>
  );
}
