import { useMemo, useState } from "react";
import { Download } from "lucide-react";
import { Button, Dialog, toast } from "../../ui";
import { useCanvas } from "../store/useCanvas";
import type { StudioNode } from "../store/canvasStore";
import { downloadWorkflow } from "./workflowFileApi";

const NO_NODES: readonly StudioNode[] = [];
const nodesText = (n: number) => (n === 1 ? "1 node" : `${n} nodes`);

/**
 * Export workflow…: the whole canvas, or the selection when nodes are selected, as a zip of
 * workflow.json (nodes, edges, models, parameters, tools, prompts) with the media when asked.
 */
export function ExportWorkflowDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const projectId = useCanvas((s) => s.projectId);
  // Read only while open: closed, it would re-render (and re-filter the canvas) on every node change and click.
  const nodes = useCanvas((s) => (open ? s.nodes : NO_NODES));
  const selected = useMemo(() => nodes.filter((n) => n.selected).map((n) => n.id), [nodes]);
  const [scope, setScope] = useState<"selection" | "canvas">("selection");
  const [media, setMedia] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onlySelection = scope === "selection" && selected.length > 0;
  const count = onlySelection ? selected.length : nodes.length;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadWorkflow(projectId, { ...(onlySelection ? { nodeIds: selected } : {}), media });
      toast.success(`Workflow exported: ${nodesText(count)}`);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The workflow could not be exported.");
    } finally {
      setBusy(false);
    }
  };

  const radio = (value: "selection" | "canvas", label: string) => (
    <label className="flex items-center gap-2">
      <input
        type="radio"
        name="workflow-scope"
        className="accent-[var(--color-accent)]"
        checked={(value === "selection") === onlySelection}
        onChange={() => setScope(value)}
      />{" "}
      {label}
    </label>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Export workflow"
      description="Nodes, connections, models, parameters, tools and prompts, as a file any Reelgraph project can import."
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="primary" loading={busy} disabled={count === 0} onClick={() => void run()} data-testid="export-workflow">
            <Download aria-hidden /> Export {nodesText(count)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {selected.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-xs font-medium text-text">What to export</legend>
            {radio("selection", `Selected nodes (${selected.length})`)}
            {radio("canvas", `Whole canvas (${nodes.length})`)}
          </fieldset>
        ) : (
          <p className="text-text-muted">
            {nodes.length
              ? `The whole canvas: ${nodesText(nodes.length)}. Select nodes first to export only those.`
              : "The canvas is empty: there is nothing to export yet."}
          </p>
        )}
        <label className="flex items-center gap-2">
          <input type="checkbox" className="accent-[var(--color-accent)]" checked={media} onChange={(e) => setMedia(e.target.checked)} />{" "}
          Include media
        </label>
        <p className="text-xs text-text-muted">
          {media
            ? "The pictures, videos, sound and 3D models the nodes show go into the file (in a zip)."
            : "Without media the nodes keep their prompts and settings; they can be run again after import."}
        </p>
        {error && (
          <p role="alert" className="text-danger">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
