/** The animatic routes' contract (issue 14, 3). */
import { z } from "zod";
import { itemIdSchema } from "../shotlists/schema";

export const ANIMATIC_SIZES = { "720p": { width: 1280, height: 720 }, "1080p": { width: 1920, height: 1080 } } as const;

/** POST /api/shot-lists/:id/animatic */
export const animaticRequestSchema = z.strictObject({
  /** One scene; the whole list when absent. */
  sceneId: itemIdSchema.optional(),
  size: z.enum(["720p", "1080p"]).default("720p"),
  captions: z.boolean().default(false),
  sceneCards: z.boolean().default(true),
});
export type AnimaticRequest = z.input<typeof animaticRequestSchema>;

export type AnimaticJobStatus = "running" | "done" | "failed";

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

export const ANIMATIC_MESSAGES = {
  noShots: "There are no shots to put in the animatic.",
  notFound: "Animatic not found",
} as const;
