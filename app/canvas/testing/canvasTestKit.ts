import type { AutosaveResponse, NodeData } from "../../../domain/canvas/node";
import { ApiError } from "../../api/client";
import type { StudioNode } from "../store/canvasStore";

/** A node as a page loads it. */
export const loaded = (id: string, data: NodeData): StudioNode => ({ id, type: "generic_v2", position: { x: 0, y: 0 }, data });

/** A request answer for a tab that is offline. */
export const offlineAnswer = async (): Promise<never> => {
  throw new ApiError(0, "network", "offline");
};

/**
 * The server's revision rule over one node, as a fake: a write lands when it is newer than the stored
 * revision and made from it or a newer one; otherwise it is answered as a conflict with the stored copy.
 */
export function revisionRule(initial: { rev: number; data: NodeData }) {
  const server = { stored: initial };
  const autosave = (updates: { nodeId: string; nodeData: NodeData; prevRev: number }[]): AutosaveResponse => {
    const conflicts = [];
    for (const u of updates) {
      const rev = u.nodeData.rev ?? 0;
      if (server.stored.rev < rev && server.stored.rev <= u.prevRev) server.stored = { rev, data: u.nodeData };
      else conflicts.push({ nodeId: u.nodeId, rev: server.stored.rev, nodeData: { ...server.stored.data, rev: server.stored.rev } });
    }
    return { success: true, conflicts };
  };
  return Object.assign(server, { autosave });
}
