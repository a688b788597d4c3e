import { nodeAdded } from "../../domain/canvas/changes";
import { newNodeId } from "../../domain/canvas/placement";
import type { CanvasNode } from "../../domain/canvas/node";
import { shotNodeData, shotNodePosition } from "../../domain/shotlists/canvasNode";
import { findShot } from "../../domain/shotlists/edits";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import type { ShotList } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../errors";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, loadCanvas } from "../services/canvasService";

/** The canvas's node type for generic nodes (app/canvas/commands/canvasCommands.ts NODE_TYPE). */
const NODE_TYPE = "generic_v2";

/**
 * Export a shot to the canvas (spec: shell 4 "Export shot to canvas"): the server creates the node, so it
 * reaches every device and open canvas, instead of the spec's browser-storage hand-off. The node is made
 * through the canvas's one writer as the caller's change (checked against their rights there), at revision
 * 1, and announced the way every change is: open canvases create it and fill it in.
 */
export async function exportShotToCanvas(db: Db, hub: RealtimeHub, list: ShotList, shotId: string, userId: string): Promise<CanvasNode> {
  const found = findShot(list.scenes, shotId);
  if (!found) throw notFound(SHOT_LIST_MESSAGES.shotNotFound);
  const image = found.shot.image;
  if (!image) throw badRequest(SHOT_LIST_MESSAGES.imageRequiredForCanvas);

  const projectId = list.projectId;
  const canvas = await loadCanvas(db, projectId);
  const position = shotNodePosition(canvas.nodes.map((n) => n.position));
  const node = { id: newNodeId(), type: NODE_TYPE, position, data: { ...shotNodeData({ ...found.shot, image }), rev: 1 } };
  // No clientId: no open tab made this change, so none may take it for its own echo.
  await applyChanges(db, hub, projectId, [nodeAdded(node)], { source: "user", actor: { userId } });
  return { ...node, rev: 1 };
}
