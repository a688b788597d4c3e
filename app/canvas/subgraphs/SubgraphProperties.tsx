import { Boxes } from "lucide-react";
import type { NodeData } from "../../../domain/canvas/node";
import { SUBGRAPH_NODE_TYPE, subgraphOf } from "../../../domain/canvas/subgraph";
import { Button, toast } from "../../ui";
import { useCommands, useSessionActions } from "../store/useCanvas";

/** Inner nodes listed by name before "…and N more". */
const LISTED = 8;

/**
 * The Properties tab's middle for a subgraph node: what it holds, its ports and what can be done with it. A
 * subgraph has no model, type or media of its own, so the plain node's pickers would be dead controls here.
 */
export function SubgraphProperties({ nodeId, data, canEdit }: { nodeId: string; data: NodeData; canEdit: boolean }) {
  const commands = useCommands();
  const session = useSessionActions();
  const sub = subgraphOf({ type: SUBGRAPH_NODE_TYPE, data });
  if (!sub) return <p className="text-sm text-text-muted">This subgraph cannot be read.</p>;
  const done = sub.nodes.filter((n) => n.data.status === "completed").length;
  const titles = sub.nodes.map((n) => n.data.title?.trim() || "Untitled");
  const ports = (label: string, names: string[]) => (
    <div className="flex flex-col gap-1">
      <h4 className="text-2xs uppercase tracking-wide text-text-subtle">{label}</h4>
      {names.length === 0 ? (
        <p className="text-sm text-text-subtle">None</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-sm text-text">
          {names.map((n, i) => (
            <li key={`${n}-${i}`} className="truncate" title={n}>
              {n}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="flex flex-col gap-3" data-testid="subgraph-properties">
      <h3 className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-text-muted">
        <Boxes className="size-3.5 text-violet-300" aria-hidden /> Subgraph
      </h3>
      <p className="text-sm text-text-muted">
        {sub.nodes.length === 1 ? "1 node" : `${sub.nodes.length} nodes`} inside · {done} done
      </p>
      <ul className="flex flex-col gap-0.5 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-text">
        {titles.slice(0, LISTED).map((t, i) => (
          <li key={sub.nodes[i]!.id} className="truncate" title={t}>
            {t}
          </li>
        ))}
        {titles.length > LISTED && <li className="text-text-subtle">…and {titles.length - LISTED} more</li>}
      </ul>
      <div className="grid grid-cols-2 gap-3">
        {ports(
          "Inputs",
          sub.inputs.map((p) => p.label),
        )}
        {ports(
          "Outputs",
          sub.outputs.map((p) => p.label),
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => session.openSubgraph(nodeId)}>
          Open
        </Button>
        {canEdit && (
          <>
            <Button size="sm" variant="secondary" onClick={() => session.startSaveToLibrary(nodeId)}>
              Save to library…
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => commands.unpackSubgraph(nodeId).length > 0 && toast.success("Unpacked into plain nodes")}
            >
              Unpack
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
