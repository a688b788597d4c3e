import { groupBounds, type Box } from "../../../domain/canvas/group";
import { cardRect } from "../commands/canvasCommands";
import { nodesById, type CanvasState } from "../store/canvasStore";

/** The frame of a group's live members as the canvas shows them now (measured sizes where known). */
export function memberBounds(s: Pick<CanvasState, "nodes">, nodeIds: readonly string[]): Box | null {
  const byId = nodesById(s.nodes);
  return groupBounds(
    nodeIds.flatMap((id) => {
      const n = byId.get(id);
      return n ? [cardRect(n)] : [];
    }),
  );
}

/** A box as a string, so a selector's answer compares by value (a frame re-renders only when it moves). */
export const boxKey = (b: Box | null): string => (b ? `${b.x},${b.y},${b.width},${b.height}` : "");
export const parseBoxKey = (key: string): Box | null => {
  if (!key) return null;
  const [x, y, width, height] = key.split(",").map(Number) as [number, number, number, number];
  return { x, y, width, height };
};
