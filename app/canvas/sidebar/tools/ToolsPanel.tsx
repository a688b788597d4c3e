import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { detectContentType } from "../../../../domain/canvas/contentType";
import { nodeMediaOf } from "../../../../domain/tools/catalogue";
import type { ToolSummary } from "../../../../domain/tools/api";
import { toast } from "../../../ui";
import { useCanvas, useCommands } from "../../store/useCanvas";
import { ToolList } from "./ToolList";
import { ToolSettings } from "./ToolSettings";
import { useToolList } from "./useToolList";

/** The sidebar's Tools tab: list → settings → list (spec canvas 4 "Tool panel view"). */
export function ToolsPanel({ nodeId }: { nodeId: string | null }) {
  const { state, reload } = useToolList();
  const commands = useCommands();
  // The tool opened and the node it was opened for: another node shows the list again unless it already has
  // that tool chosen, so a new node never takes the tool left open here.
  const [opened, setOpened] = useState<{ toolId: string; nodeId: string | null } | null>(null);
  const { projectId, canEdit } = useCanvas(useShallow((s) => ({ projectId: s.projectId, canEdit: s.canEdit })));
  const node = useCanvas(
    useShallow((s) => {
      const d = nodeId ? s.nodes.find((n) => n.id === nodeId)?.data : undefined;
      return { media: d ? nodeMediaOf(detectContentType(d)) : null, selectedTool: d?.selectedTool as string | undefined };
    }),
  );
  const tools = state.status === "ready" ? state.tools : [];
  const stillOpen = opened && (opened.nodeId === nodeId || node.selectedTool === opened.toolId);
  const open = stillOpen ? tools.find((t) => t.id === opened.toolId) : undefined;

  if (open)
    return (
      <ToolSettings
        key={`${open.id}-${nodeId ?? ""}`}
        tool={open}
        nodeId={nodeId}
        projectId={projectId}
        canEdit={canEdit}
        onBack={() => setOpened(null)}
      />
    );
  return (
    <ToolList
      state={state}
      media={node.media}
      nodeSelected={nodeId !== null}
      selectedToolId={node.selectedTool}
      onRetry={reload}
      onOpen={(tool: ToolSummary) => setOpened({ toolId: tool.id, nodeId })}
      onCreateWith={(tool: ToolSummary) => {
        // spec canvas 2: 550 px right of the most recent node, or (400,400); the tool preselected.
        const id = canEdit ? commands.createNode({ data: { selectedTool: tool.id, toolParameters: {} } }) : null;
        if (id) toast.success(`New node with ${tool.name}`);
      }}
    />
  );
}
