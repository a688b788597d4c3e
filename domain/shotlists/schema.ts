import { z } from "zod";
import {
  CAMERA_HEIGHTS,
  DUTCH_ANGLES,
  FOCUS_DEPTHS,
  FRAMINGS,
  LONG_TEXT_MAX,
  MAX_SCENES,
  MAX_SHOTS_PER_LIST,
  MAX_SHOTS_PER_SCENE,
  MOVEMENTS,
  SHORT_TEXT_MAX,
  SHOT_COUNT_MAX,
  SHOT_COUNT_MIN,
  SHOT_DEFAULTS,
  SHOT_LIST_NAME_MAX,
  SHOT_SIZES,
} from "./constants";
import { SHOT_LIST_MESSAGES } from "./messages";
import { BASE_VERSION_REQUIRED } from "../scripts";
import { STUDIO_MEDIA_URL, studioMediaUrlMessage } from "../mediaUrl";
import { nodeIdSchema } from "../canvas/node";

/** Ids of scenes and shots are made by the client (edits apply at once, before any save). */
export const itemIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid id");

const enumOf = <T extends readonly [string, ...string[]]>(values: T, field: string) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(", ")}` });

const text = (max: number, field: string) => z.string().max(max, `${field} must be at most ${max} characters`);
const timestamp = z.iso.datetime({ offset: true, error: "Invalid timestamp" });

/**
 * A shot's image: the studio's own media (`/api/media/…`, domain/mediaUrl.ts); null when cleared. Nothing
 * else (no outside URL, `javascript:` or `data:`), since it becomes an <img src> and a canvas node's media.
 */
export const shotImageSchema = z
  .string()
  .max(4000, "Image URL is too long")
  .regex(STUDIO_MEDIA_URL, studioMediaUrlMessage("Image"))
  .nullable();

/**
 * How a shot made by a script breakdown stays linked to its script: the lines it covers, each
 * with a fingerprint and the start of its text at the time, so the shot can say 'Script changed' and what
 * changed; `key` finds it again in the next breakdown, and `proposed` (a fingerprint of its fields as the
 * breakdown wrote them) tells a shot the user edited from one that should follow the script.
 */
export const shotScriptLinkSchema = z.strictObject({
  key: z.string().min(1).max(300),
  lines: z.array(z.strictObject({ id: z.string().min(1).max(100), hash: z.string().max(16), was: z.string().max(200) })).max(200),
  proposed: z.string().max(16),
});
export type ShotScriptLink = z.infer<typeof shotScriptLinkSchema>;

/** A scene made by a breakdown: which heading it came from, and its fields' fingerprint as proposed. */
export const sceneScriptLinkSchema = z.strictObject({
  key: z.string().min(1).max(300),
  proposed: z.string().max(16),
  /** Length in eighths of a page, interior/exterior and time of day, as the heading gave them. */
  eighths: z.number().int().min(1).max(8000).optional(),
  setting: z.enum(["INT", "EXT", "INT/EXT"]).nullable().optional(),
  timeOfDay: z.string().max(100).nullable().optional(),
});
export type SceneScriptLink = z.infer<typeof sceneScriptLinkSchema>;

/** spec (shell 3 "Shot"). */
export const shotSchema = z.strictObject({
  id: itemIdSchema,
  shotNumber: z.number().int().min(1).max(MAX_SHOTS_PER_LIST),
  description: text(LONG_TEXT_MAX, "Description"),
  subject: text(SHORT_TEXT_MAX, "Subject"),
  shotSize: enumOf(SHOT_SIZES, "Shot size").default(SHOT_DEFAULTS.shotSize),
  shotType: enumOf(FRAMINGS, "Shot type").default(SHOT_DEFAULTS.shotType),
  movement: enumOf(MOVEMENTS, "Movement").default(SHOT_DEFAULTS.movement),
  cameraHeight: enumOf(CAMERA_HEIGHTS, "Camera height").optional(),
  dutchAngle: enumOf(DUTCH_ANGLES, "Dutch angle").optional(),
  framing: enumOf(FRAMINGS, "Framing").optional(),
  focusDepthOfField: enumOf(FOCUS_DEPTHS, "Focus / depth of field").optional(),
  image: shotImageSchema.optional(),
  script: shotScriptLinkSchema.optional(),
  /** How long the animatic holds the shot, set by the user; otherwise timed from its script lines. */
  seconds: z.number().min(1.5, "A shot is held at least 1.5 seconds").max(60, "A shot is held at most 60 seconds").optional(),
  /** The canvas node that storyboards this shot: its finished image becomes the shot's. */
  nodeId: nodeIdSchema.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Shot = z.output<typeof shotSchema>;

/** spec (shell 3 "Scene"). */
export const sceneSchema = z.strictObject({
  id: itemIdSchema,
  title: text(SHORT_TEXT_MAX, "Scene title"),
  description: text(LONG_TEXT_MAX, "Scene description"),
  location: text(SHORT_TEXT_MAX, "Location"),
  weather: text(SHORT_TEXT_MAX, "Weather"),
  lighting: text(SHORT_TEXT_MAX, "Lighting"),
  shots: z.array(shotSchema).max(MAX_SHOTS_PER_SCENE, `A scene may have at most ${MAX_SHOTS_PER_SCENE} shots`),
  script: sceneScriptLinkSchema.optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Scene = z.output<typeof sceneSchema>;

/** The fields of a scene the editor changes (Edit Scene dialog, in-place fields). */
export type SceneFields = Pick<Scene, "title" | "description" | "location" | "weather" | "lighting">;
/** The fields of a shot the editor changes in place. */
export type ShotFields = Omit<Shot, "id" | "shotNumber" | "createdAt" | "updatedAt" | "script" | "nodeId">;

export const shotListNameSchema = z
  .string({ error: SHOT_LIST_MESSAGES.nameRequired })
  .trim()
  .min(1, SHOT_LIST_MESSAGES.nameRequired)
  .max(SHOT_LIST_NAME_MAX, `Shot list name must be at most ${SHOT_LIST_NAME_MAX} characters`);

/** Every scene and shot id is unique within the list, and the list has at most MAX_SHOTS_PER_LIST shots. */
export const scenesSchema = z
  .array(sceneSchema)
  .max(MAX_SCENES, `A shot list may have at most ${MAX_SCENES} scenes`)
  .superRefine((scenes, ctx) => {
    const ids = new Set<string>();
    let shots = 0;
    for (const scene of scenes) {
      for (const id of [scene.id, ...scene.shots.map((s) => s.id)]) {
        if (ids.has(id)) ctx.addIssue({ code: "custom", message: `Duplicate id: ${id}` });
        ids.add(id);
      }
      shots += scene.shots.length;
    }
    if (shots > MAX_SHOTS_PER_LIST) ctx.addIssue({ code: "custom", message: `A shot list may have at most ${MAX_SHOTS_PER_LIST} shots` });
  });

/** POST /api/projects/:id/shot-lists: the setup screen's name and number of shots (spec: shell 5). */
export const createShotListSchema = z.strictObject({
  name: shotListNameSchema,
  shots: z
    .number({ error: SHOT_LIST_MESSAGES.atLeastOneShot })
    .int("The number of shots must be a whole number")
    .min(SHOT_COUNT_MIN, SHOT_LIST_MESSAGES.atLeastOneShot)
    .max(SHOT_COUNT_MAX, `At most ${SHOT_COUNT_MAX} shots`),
});
export type CreateShotListInput = z.infer<typeof createShotListSchema>;

/** PUT /api/shot-lists/:id: the whole scene list (the editor saves its document), and optionally a new name. */
export const updateShotListSchema = z.strictObject({
  name: shotListNameSchema.optional(),
  scenes: scenesSchema,
  /** The version this edit was made from; a list saved meanwhile by another window is answered 409 (required). */
  baseVersion: z.number({ error: BASE_VERSION_REQUIRED }).int().positive(),
});
export type UpdateShotListInput = z.input<typeof updateShotListSchema>;

export const SHOT_LIST_EXPORT_FORMATS = ["pdf", "csv"] as const;
export const SHOT_LIST_PDF_LAYOUTS = ["table", "storyboard"] as const;
export type ShotListPdfLayout = (typeof SHOT_LIST_PDF_LAYOUTS)[number];

export const shotListExportQuerySchema = z.object({
  format: z.enum(SHOT_LIST_EXPORT_FORMATS, { error: "format must be pdf or csv" }),
  layout: z.enum(SHOT_LIST_PDF_LAYOUTS, { error: "layout must be table or storyboard" }).default("table"),
});

/** POST /api/shot-list/upload-image: the multipart text fields next to `file` (spec: shell 7). */
export const uploadShotImageFieldsSchema = z.strictObject({
  shotId: itemIdSchema,
  /** Optional: narrows the search for the shot to one list (ids are client-made, so they could repeat). */
  shotListId: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }).optional(),
});

/** POST /api/shot-list/generate-image (spec: shell 7); the route comes with the generation runner. */
export const generateShotImageSchema = z.strictObject({
  shotId: itemIdSchema,
  prompt: z.string().trim().min(1, SHOT_LIST_MESSAGES.descriptionRequired).max(20_000),
  shotListId: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }).optional(),
});

/** POST /api/shot-list/export-to-canvas: the server creates the shot's node on the project's canvas. */
export const exportShotToCanvasSchema = z.strictObject({
  shotListId: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }),
  shotId: itemIdSchema,
});

/** A list's card in the Shot Lists tab. */
export interface ShotListSummary {
  id: string;
  projectId: string;
  name: string;
  hasShots: boolean;
  shotCount: number;
  sceneCount: number;
  /** The first shot image found, for the card (spec: shell 2 "Shot lists list"). */
  firstImage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ShotList {
  id: string;
  projectId: string;
  name: string;
  /** The script this list was broken down from, while that script exists. */
  scriptId: string | null;
  scenes: Scene[];
  version: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ShotImageResult {
  success: true;
  imageUrl: string;
}

/** PUT /api/shot-lists/:id/shot-nodes: after a storyboard lane is applied, each shot learns its node. */
export const linkShotNodesSchema = z.strictObject({
  links: z
    .array(z.strictObject({ shotId: itemIdSchema, nodeId: nodeIdSchema }))
    .min(1)
    .max(MAX_SHOTS_PER_SCENE),
});
