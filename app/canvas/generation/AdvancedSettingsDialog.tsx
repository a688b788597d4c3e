import { useReactFlow } from "@xyflow/react";
import { useShallow } from "zustand/react/shallow";
import { ADVANCED_STYLES } from "../../../domain/generation/toolbar";
import { Dialog, Select, useOpenedOnce } from "../../ui";
import { ContextList } from "../sidebar/NodeProperties";
import { incomingSources, NO_IDS, outgoingTargets } from "../store/canvasStore";
import { useCanvas, useCanvasStore, useCommands, useSessionActions } from "../store/useCanvas";
import type { NodeGeneration } from "./useNodeGeneration";

const label = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

interface AdvancedSettingsProps {
  g: NodeGeneration;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The toolbar's Advanced Settings (spec canvas 2): the node's connected nodes, incoming and outgoing, each
 * removable, and the style select (default, cinematic, artistic, realistic). Mounted when first opened
 * (`useOpenedOnce`, as NodeModelDialogs): every click that selects a node mounts the toolbar.
 */
export function AdvancedSettingsDialog(props: AdvancedSettingsProps) {
  return useOpenedOnce(props.open) ? <AdvancedSettings {...props} /> : null;
}

function AdvancedSettings({ g, open, onOpenChange }: AdvancedSettingsProps) {
  const nodeId = g.nodeId ?? "";
  const inIds = useCanvas(useShallow((s) => incomingSources(s.edges).get(nodeId) ?? NO_IDS));
  const outIds = useCanvas(useShallow((s) => outgoingTargets(s.edges).get(nodeId) ?? NO_IDS));
  const store = useCanvasStore();
  const commands = useCommands();
  const session = useSessionActions();
  const rf = useReactFlow();
  const disconnect = (source: string, target: string) =>
    commands.disconnect(
      store
        .getState()
        .edges.filter((e) => e.source === source && e.target === target)
        .map((e) => e.id),
    );
  const goTo = (id: string) => {
    onOpenChange(false);
    session.select(id);
    void rf.fitView({ nodes: [{ id }], duration: 500, padding: 0.2, includeHiddenNodes: true });
  };
  return (
    <Dialog
      open={open && Boolean(g.nodeId)}
      onOpenChange={onOpenChange}
      title="Advanced Settings"
      description="What this node is connected to, and the look of what it makes."
    >
      <div className="flex flex-col gap-5">
        <section className="flex flex-col gap-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-text-muted">Connected nodes</h3>
          <ContextList
            label="In"
            empty="No incoming nodes"
            ids={inIds}
            canEdit={g.canEdit}
            onGo={goTo}
            onRemove={(id) => disconnect(id, nodeId)}
          />
          <ContextList
            label="Out"
            empty="No outgoing nodes"
            ids={outIds}
            canEdit={g.canEdit}
            onGo={goTo}
            onRemove={(id) => disconnect(nodeId, id)}
          />
        </section>
        <section className="flex flex-col gap-2">
          <label className="text-xs font-medium uppercase tracking-wide text-text-muted" htmlFor="advanced-style">
            Style
          </label>
          <Select
            id="advanced-style"
            aria-label="Advanced style"
            value={g.controls.advancedStyle ?? "default"}
            options={ADVANCED_STYLES.map((v) => ({ value: v, label: label(v) }))}
            disabled={!g.canEdit}
            onValueChange={(v) => g.update({ advancedStyle: v })}
          />
        </section>
      </div>
    </Dialog>
  );
}
