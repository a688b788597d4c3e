import { useReactFlow } from "@xyflow/react";
import { ListOrdered } from "lucide-react";
import { MyQueueButton } from "../../queue/MyQueueButton";
import { useCanvas, useSessionActions } from "../store/useCanvas";

/** The toolbar's queue button: my queue across projects; a run of this project opens its node. */
export function QueueButton() {
  const projectId = useCanvas((s) => s.projectId);
  const session = useSessionActions();
  const rf = useReactFlow();
  return (
    <MyQueueButton
      side="top"
      icon={<ListOrdered className="size-4" aria-hidden />}
      currentProjectId={projectId}
      onOpen={(run) => {
        session.select(run.nodeId);
        void rf.fitView({ nodes: [{ id: run.nodeId }], duration: 500, padding: 0.2, includeHiddenNodes: true });
      }}
    />
  );
}
