import { FIRST_NODE_POSITION, NEXT_NODE_OFFSET_X, clampPosition } from "../canvas/placement";
import type { NodeData, Position } from "../canvas/node";
import { shotImagePrompt } from "./prompt";
import type { Shot } from "./schema";

/**
 * Where an exported shot goes (spec: canvas 4 "pendingCanvasNodes ... placed 550 apart starting at
 * (400,400)"): on the row y = 400, at x = 400 on an empty canvas, else 550 px right of the rightmost node,
 * so exports line up one after another and never land on top of existing work.
 */
export function shotNodePosition(existing: readonly Position[]): Position {
  if (existing.length === 0) return { ...FIRST_NODE_POSITION };
  const rightmost = Math.max(...existing.map((p) => p.x));
  return clampPosition({ x: Math.max(FIRST_NODE_POSITION.x, rightmost + NEXT_NODE_OFFSET_X), y: FIRST_NODE_POSITION.y });
}

/** spec (shell 3 "Canvas node created by exporting a shot"): the shot's fields, kept with its node. */
export function shotMetadata(shot: Shot) {
  return {
    shotNumber: shot.shotNumber,
    description: shot.description,
    subject: shot.subject,
    shotSize: shot.shotSize,
    shotType: shot.shotType,
    movement: shot.movement,
    cameraHeight: shot.cameraHeight ?? null,
    dutchAngle: shot.dutchAngle ?? null,
    framing: shot.framing ?? null,
    focusDepthOfField: shot.focusDepthOfField ?? null,
  };
}

/** The node data of an exported shot: 'Shot N', its image as completed media, the prompt and shotMetadata. */
export function shotNodeData(shot: Shot & { image: string }, now: number = Date.now()): NodeData {
  return {
    title: `Shot ${shot.shotNumber}`,
    prompt: shotImagePrompt(shot),
    mediaUrl: shot.image,
    permanentMediaUrl: shot.image,
    displayUrl: shot.image,
    contentType: "image",
    status: "completed",
    lastModified: now,
    shotMetadata: shotMetadata(shot),
  };
}
