import { newNodeId } from "../../domain/canvas/placement";
import type { CanvasNode } from "../../domain/canvas/node";
import { shotNodeData, shotNodePosition } from "../../domain/shotlists/canvasNode";
import { findShot } from "../../domain/shotlists/edits";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import type { ShotList } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../errors";
import type { RealtimeHub } from "../realtime/hub";
import { applyNodeUpdates, applyStructure, loadCanvas } from "../services/canvasService";

/** The canvas's node type for generic nodes (app/canvas/commands/canvasCommands.ts NODE_TYPE). */
const NODE_TYPE = "generic_v2";

/**
 * Export a shot to the canvas (spec: shell 4 "Export shot to canvas"): the server creates the node, so it
 * reaches every device and open canvas, instead of the spec's browser-storage hand-off. The node is made
 * through the canvas's own two write paths (structure, then data) and announced the way they announce a
 * change: a structure message creates it in open canvases, the nodes message then fills in its data.
 */
export async function exportShotToCanvas(db: Db, hub: RealtimeHub, list: ShotList, shotId: string): Promise<CanvasNode> {
  const found = findShot(list.scenes, shotId);
  if (!found) throw notFound(SHOT_LIST_MESSAGES.shotNotFound);
  const image = found.shot.image;
  if (!image) throw badRequest(SHOT_LIST_MESSAGES.imageRequiredForCanvas);

  const projectId = list.projectId;
  const canvas = await loadCanvas(db, projectId);
  const position = shotNodePosition(canvas.nodes.map((n) => n.position));
  const id = newNodeId();
  await applyStructure(db, projectId, { nodes: [{ id, type: NODE_TYPE, position }], restoredNodeIds: [], deletedNodeIds: [], edgesAdded: [], edgesRemoved: [] });
  // prevRev 0 stores revision 1: an open canvas holds the structure-created placeholder at revision 0 and
  // only takes data with a higher one.
  const { applied } = await applyNodeUpdates(db, projectId, [{ nodeId: id, nodeData: shotNodeData({ ...found.shot, image }), prevRev: 0 }]);
  const stored = applied[0]!;
  // No clientId: no open tab made this change, so none may take it for its own echo.
  await hub.publish(projectId, { type: "structure", nodes: [{ id, type: NODE_TYPE, position }], restoredNodeIds: [], deletedNodeIds: [], edgesAdded: [], edgesRemoved: [] });
  await hub.publish(projectId, { type: "nodes", nodes: [stored] });
  return { id, type: NODE_TYPE, position, data: stored.data, rev: stored.rev };
}
