import { memo } from "react";
import type { NodeProps } from "@xyflow/react";
import { nodeSize } from "../../../domain/canvas/nodeSize";
import { lightCardKind, thumbnailUrlOf } from "../../../domain/canvas/levelOfDetail";
import { cn } from "../../ui";
import type { StudioNode } from "../store/canvasStore";
import { KIND_COLOUR } from "./kindColour";
import { NODE_TITLE_ROW, handleTop, HANDLE_SIZE } from "./nodeLayout";

/**
 * A node zoomed far out: a frame in its type's colour, its title and, for a stored image, the
 * server's small thumbnail. No handles, toolbars, menus or players, so 2,000 of them stay a few thousand
 * elements. Same outer box as the full card, so switching costs no re-measure and edges stay put: the two
 * plain anchors carry React Flow's `source`/`target` classes only for it to read edge ends from.
 */
export const LightNodeCard = memo(function LightNodeCard({ id, data, selected }: Pick<NodeProps<StudioNode>, "id" | "data" | "selected">) {
  const size = nodeSize(data);
  const kind = lightCardKind(data);
  const thumbnail = thumbnailUrlOf(data);
  const colour = KIND_COLOUR[kind];
  const anchorTop = handleTop(size.height) - HANDLE_SIZE / 2;
  return (
    <div
      className="relative"
      style={{ width: size.width, height: NODE_TITLE_ROW + size.height }}
      data-testid="canvas-node"
      data-node-id={id}
      data-light-card={kind}
    >
      <div
        className={cn(
          "absolute inset-x-0 bottom-0 flex flex-col overflow-hidden rounded-xl border-4",
          selected && "shadow-[0_0_0_8px_rgba(124,140,255,0.55)]",
        )}
        style={{
          top: NODE_TITLE_ROW,
          borderColor: selected ? "#7c8cff" : colour,
          background: `color-mix(in srgb, ${colour} 14%, #12141a)`,
        }}
      >
        <span className="line-clamp-2 px-4 pt-3 text-[44px] font-bold leading-tight text-text" data-testid="node-title">
          {data.title || "Untitled"}
        </span>
        {thumbnail && (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            className="mx-4 mb-4 mt-2 min-h-0 flex-1 rounded-md object-cover"
            data-testid="node-thumbnail"
          />
        )}
      </div>
      <div
        className="target pointer-events-none absolute opacity-0"
        data-handlepos="left"
        style={{ left: -HANDLE_SIZE / 2, top: anchorTop, width: HANDLE_SIZE, height: HANDLE_SIZE }}
      />
      <div
        className="source pointer-events-none absolute opacity-0"
        data-handlepos="right"
        style={{ left: size.width - HANDLE_SIZE / 2, top: anchorTop, width: HANDLE_SIZE, height: HANDLE_SIZE }}
      />
    </div>
  );
});
