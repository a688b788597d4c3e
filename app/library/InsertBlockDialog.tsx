import { useEffect, useState } from "react";
import type { SubgraphData } from "../../domain/canvas/subgraph";
import type { LibraryBlockSummary, PreparedBlock } from "../../domain/library/api";
import { issueKey, withSubstitutes } from "../../domain/workflowFile/compatibility";
import { CompatibilityCheck } from "../canvas/workflowFile/CompatibilityIssues";
import { Button, Dialog } from "../ui";

/** Where an insert stands: the block being checked by the server, checked and ready, or refused. */
export type InsertState =
  | { status: "checking"; block: LibraryBlockSummary }
  | { status: "ready"; block: LibraryBlockSummary; prepared: PreparedBlock }
  | { status: "failed"; block: LibraryBlockSummary; error: string };

/**
 * The insert's check (the workflow file import's, in its words): before the block lands, what of it will
 * not run here and the substitute offered for each (taken unless the person keeps the original).
 */
export function InsertBlockDialog({
  state,
  onClose,
  onInsert,
}: {
  state: InsertState | null;
  onClose(): void;
  onInsert(subgraph: SubgraphData): void;
}) {
  const prepared = state?.status === "ready" ? state.prepared : null;
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  useEffect(() => setAccepted(new Set(prepared?.issues.filter((i) => i.substitute).map(issueKey) ?? [])), [prepared]);

  const insert = () => {
    if (!prepared) return;
    const nodes = withSubstitutes(prepared.subgraph.nodes, prepared.issues, accepted);
    onInsert({ ...prepared.subgraph, nodes });
  };
  const n = prepared?.subgraph.nodes.length ?? 0;

  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Insert block"
      description={state?.block.name}
      className="max-w-xl"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {state?.status === "failed" ? "Close" : "Cancel"}
          </Button>
          {state?.status === "ready" && (
            <Button variant="primary" onClick={insert} data-testid="insert-block-confirm">
              Insert
            </Button>
          )}
        </>
      }
    >
      {state && (
        <CompatibilityCheck
          status={state.status}
          checking="Checking the block"
          error={state.status === "failed" ? state.error : undefined}
          summary={`A subgraph of ${n === 1 ? "1 node" : `${n} nodes`} will be added at the centre of your canvas.`}
          issues={state.status === "ready" ? state.prepared.issues : undefined}
          accepted={accepted}
          onChange={setAccepted}
        />
      )}
    </Dialog>
  );
}
