import { useRef, useState, type ReactNode } from "react";
import { useReactFlow } from "@xyflow/react";
import { checkCanvasDrop } from "../../domain/upload";
import { toast } from "../ui";
import { useCanvas, useCommands } from "./store/useCanvas";
import { useNodeUpload } from "./useNodeUpload";

/** Dropping a file on the canvas updates the node under it or creates a new one (spec: canvas 2, 5). */
export function DropZone({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<"node" | "canvas" | null>(null);
  const depth = useRef(0);
  const canEdit = useCanvas((s) => s.canEdit);
  const commands = useCommands();
  const upload = useNodeUpload();
  const rf = useReactFlow();

  const nodeIdAt = (el: EventTarget | null): string | null =>
    (el instanceof Element ? el.closest("[data-node-id]")?.getAttribute("data-node-id") : null) ?? null;

  return (
    <div
      className="relative h-full w-full"
      onDragEnter={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        depth.current += 1;
        setTarget(nodeIdAt(e.target) ? "node" : "canvas");
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        const over = nodeIdAt(e.target) ? "node" : "canvas";
        if (over !== target) setTarget(over);
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setTarget(null);
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        depth.current = 0;
        setTarget(null);
        const files = [...e.dataTransfer.files];
        const refusal = checkCanvasDrop(files, canEdit);
        if (refusal) return void toast.error(refusal);
        const file = files[0]!;
        const nodeId = nodeIdAt(e.target) ?? commands.createNode({ position: rf.screenToFlowPosition({ x: e.clientX, y: e.clientY }) });
        if (nodeId) void upload(nodeId, file);
      }}
    >
      {children}
      {target && (
        <div
          className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center bg-accent/5 outline-2 -outline-offset-8 outline-dashed outline-accent/60"
          data-testid="drop-overlay"
        >
          <span className="rounded-lg bg-surface px-4 py-2 text-sm font-medium text-text shadow-lg">
            {target === "node" ? "Drop to update node" : "Drop to create new node"}
          </span>
        </div>
      )}
    </div>
  );
}
