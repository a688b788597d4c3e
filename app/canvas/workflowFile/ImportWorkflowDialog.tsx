import { useEffect, useState } from "react";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { issueKey } from "../../../domain/workflowFile/compatibility";
import { Button, Dialog } from "../../ui";
import { CompatibilityCheck } from "./CompatibilityIssues";

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
      {state && (
        <CompatibilityCheck
          status={state.status === "reading" ? "checking" : state.status}
          checking="Checking the file"
          error={state.status === "failed" ? state.error : undefined}
          summary={state.status === "ready" ? summary(state.prepared) : undefined}
          issues={state.status === "ready" ? state.prepared.issues : undefined}
          accepted={accepted}
          onChange={setAccepted}
        />
      )}
    </Dialog>
  );
}
