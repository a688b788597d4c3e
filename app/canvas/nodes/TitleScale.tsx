import { useEffect } from "react";
import { useStore } from "@xyflow/react";
import { nodeTitleScale } from "../../../domain/canvas/zoom";

/**
 * Keeps node titles readable at every zoom by setting `--node-title-scale` on the canvas
 * element (canvas.css). This one component follows the zoom; node cards do not, so zooming re-renders no card.
 */
export function TitleScale() {
  const scale = useStore((s) => Math.round(nodeTitleScale(s.transform[2]) * 100) / 100);
  const domNode = useStore((s) => s.domNode);
  useEffect(() => {
    domNode?.style.setProperty("--node-title-scale", String(scale));
  }, [domNode, scale]);
  return null;
}
