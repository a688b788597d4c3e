import { type CanvasChange, nodeAdded } from "../../../domain/canvas/changes";
import type { NodeData } from "../../../domain/canvas/node";

/** Where the server keeps a node an autosave created before its place arrived (the nodes table's default). */
export const SERVER_DEFAULT_POSITION = { x: 0, y: 0 } as const;

/**
 * The server's data of a node this tab does not show, and has not removed, is a node the server has: an
 * autosave that reached it before the node's structure request creates it (a reloaded page resends its paste's
 * data first; fuzz seeds 23 and 27). Dropped, the node's structure would arrive later as an empty placeholder
 * and its data never again. So such a change adds the node, at the server's default place until its structure
 * moves it. Only for lists from the server (live messages, reads): this tab's own lists name nodes it shows.
 */
export function dataOfUnknownNodes(
  changes: readonly CanvasChange[],
  shown: (id: string) => boolean,
  removedHere: (id: string) => boolean,
): CanvasChange[] {
  return changes.map((c) => {
    if (c.type !== "node-data" || shown(c.id) || removedHere(c.id)) return c;
    const data: NodeData = { ...c.data, rev: c.data.rev ?? c.prevRev + 1 };
    return nodeAdded({ id: c.id, type: "generic_v2", position: { ...SERVER_DEFAULT_POSITION }, data });
  });
}
