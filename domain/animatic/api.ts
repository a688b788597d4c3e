/** The animatic routes' contract. */
import { z } from "zod";
import { itemIdSchema } from "../shotlists/schema";
import { ANIMATIC_VOICE_SOURCES } from "./voices";

export const ANIMATIC_SIZES = { "720p": { width: 1280, height: 720 }, "1080p": { width: 1920, height: 1080 } } as const;

/** POST /api/shot-lists/:id/animatic */
export const animaticRequestSchema = z.strictObject({
  /** One scene; the whole list when absent. */
  sceneId: itemIdSchema.optional(),
  size: z.enum(["720p", "1080p"]).default("720p"),
  captions: z.boolean().default(false),
  sceneCards: z.boolean().default(true),
  /** Who speaks the lines: the local voices, or ElevenLabs' (needs a key; credits on the studio's). */
  voices: z.enum(ANIMATIC_VOICE_SOURCES).default("local"),
});
export type AnimaticRequest = z.input<typeof animaticRequestSchema>;

export type AnimaticJobStatus = "running" | "done" | "failed";

/**
 * An animatic renders as a run of the generation queue under this model id (server/animatic/animaticRun.ts):
 * it waits its turn, counts against the user's limits, shows in the Queue panel, can be cancelled and is
 * rendered again after a restart.
 */
export const ANIMATIC_RUN_MODEL = "local/animatic";
export const ANIMATIC_RUN_NAME = "Animatic";

/** What the render is doing at a given percent (the node's progress line and GET /api/animatics/:id agree). */
const ANIMATIC_STEPS: readonly [from: number, step: string][] = [
  [97, "Saving"],
  [90, "Writing the timeline for editors"],
  [30, "Rendering"],
  [0, "Reading the shots and recording the voices"],
];
export const ANIMATIC_WAITING_STEP = "Waiting for its turn in the queue";

export function animaticStep(percent: number): string {
  return ANIMATIC_STEPS.find(([from]) => percent >= from)![1];
}

/** GET /api/animatics/:jobId */
export interface AnimaticJob {
  id: string;
  status: AnimaticJobStatus;
  /** 0..1 */
  progress: number;
  /** What it is doing now ('Reading the shots', 'Recording the voices', 'Rendering'). */
  step: string;
  /** The finished MP4 (`/api/media/<id>`) and the canvas node it was put on. */
  url?: string;
  nodeId?: string;
  /** The same sequence for an editor: .otio, .fcpxml and .edl with the media, in a zip. */
  timelineUrl?: string;
  durationSeconds?: number;
  error?: string;
}

/** POST /api/shot-lists/:id/animatic/estimate: what the Make animatic dialog shows before it starts. */
export interface AnimaticEstimate {
  /** Lines of dialogue the animatic will speak. */
  lines: number;
  elevenlabs: { usable: boolean; reason?: string; credits: number };
}

export const ANIMATIC_MESSAGES = {
  noShots: "There are no shots to put in the animatic.",
  notFound: "Animatic not found",
  /** The shot list was deleted between Make animatic and the render's turn. */
  listGone: "The shot list was deleted before the animatic was rendered.",
} as const;
