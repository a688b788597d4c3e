import type { NodeData } from "../../domain/canvas/node";
import type { StudioNode } from "../canvas/store/canvasStore";

type NodeParts = Partial<Omit<StudioNode, "id" | "data">> & { data?: Partial<NodeData> };

/**
 * A canvas node as the store holds it, for tests: a generic node at the origin titled by its id at rev 1;
 * `parts` override any of it (`data` is merged over the title and rev).
 */
export function studioNode(id: string, { data, ...parts }: NodeParts = {}): StudioNode {
  return { id, type: "generic_v2", position: { x: 0, y: 0 }, ...parts, data: { title: id, rev: 1, ...data } };
}
