import { X } from "lucide-react";
import { detectContentType, mediaUrlOf } from "../../domain/canvas/contentType";
import { IconButton } from "../ui";
import { useCanvas, useCommands, useSession, useSessionActions } from "./store/useCanvas";
import { MediaView } from "./nodes/MediaView";
import { NodeProperties } from "./sidebar/NodeProperties";
import { NodeProgressBar } from "./generation/NodeProgressBar";
import { FocusedPromptBar } from "./generation/FocusedPromptBar";

/** Double-click on a node: its media or text large, with the sidebar at 320 px (spec: canvas 2). */
export function FocusedView() {
  const focusedId = useSession((s) => s.focusedNodeId);
  const node = useCanvas((s) => (focusedId ? s.nodes.find((n) => n.id === focusedId) : undefined));
  const session = useSessionActions();
  const commands = useCommands();
  if (!node) return null;
  const media = mediaUrlOf(node.data);
  const generating = node.data.status === "generating";
  const close = () => session.focus(null);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${node.data.title ?? "Node"} full screen`}
      className="fixed inset-0 z-40 flex bg-bg/95 backdrop-blur"
      onKeyDown={(e) => e.key === "Escape" && close()}
      data-testid="focused-view"
    >
      <div className="relative flex min-w-0 flex-1 items-center justify-center p-10">
        <IconButton label="Close" className="absolute left-4 top-4" onClick={close} autoFocus>
          <X />
        </IconButton>
        {media ? (
          <div className="h-full w-full">
            <MediaView url={media} type={detectContentType(node.data)} title={node.data.title ?? "Node"} large />
          </div>
        ) : node.data.content ? (
          <p className="max-w-3xl whitespace-pre-wrap text-lg leading-relaxed text-text">{node.data.content}</p>
        ) : (
          <p className="text-text-muted">No media yet</p>
        )}
        {generating && (
          <div className="absolute inset-x-10 top-16 mx-auto max-w-md">
            <NodeProgressBar
              nodeId={node.id}
              stored={node.data.generationProgress as { percent?: number; message?: string } | null | undefined}
            />
          </div>
        )}
        <FocusedPromptBar nodeId={node.id} hasMedia={Boolean(media || node.data.content)} />
      </div>
      <aside className="w-[320px] shrink-0 overflow-y-auto border-l border-border bg-surface">
        <NodeProperties nodeId={node.id} onNavigate={(id) => session.focus(id)} />
      </aside>
    </div>
  );
}
