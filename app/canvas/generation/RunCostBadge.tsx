import { costLabel, costNote } from "../../models/modelCost";
import type { NodeGeneration } from "./useNodeGeneration";

/** What a run of the node costs, as the toolbar and the focused view's prompt bar both show it. */
export function RunCostBadge({ g, showVariations = false }: { g: NodeGeneration; showVariations?: boolean }) {
  if (g.credits === null) return null;
  const cost = g.model?.ownKey ? "Your key · no credits" : costLabel(g.credits, g.model?.provider);
  return (
    <span
      className="shrink-0 rounded-md bg-surface-2 px-2 py-1 text-xs tabular-nums text-text-muted"
      data-testid="run-cost"
      title={costNote(g.credits, g.model?.provider) ?? "Credits this run costs"}
    >
      {showVariations && g.variations > 1 ? `×${g.variations} · ${cost}` : cost}
    </span>
  );
}
