/**
 * POST /api/shot-list/generate-image (spec: shell 7): an image for a shot from its prompt, made by the
 * generation runner like any canvas run (credits reserved and captured, 402 when short), and answered when
 * it is done. The shot list stores the returned URL with the shot.
 */
import type { FastifyInstance } from "fastify";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { generateShotImageSchema } from "../../domain/shotlists/schema";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../validation";
import type { GenerationEngine } from "../generation/deps";
import { detachedNodeId } from "../runs/registry";
import { shotImageRunKind } from "./shotImageRun";
import { projectOfShot } from "./shotImageUpload";

/** The offline model, so generating a shot image works on a fresh machine; its cost is what the editor shows. */
export const SHOT_IMAGE_MODEL = "local/sketch";

export function registerShotImageGeneration(app: FastifyInstance, db: Db, generation: GenerationEngine) {
  app.post("/api/shot-list/generate-image", async (request) => {
    const caller = requireUser(request);
    const body = parse(generateShotImageSchema, request.body ?? {});
    const projectId = await projectOfShot(db, caller.id, {
      shotId: body.shotId,
      ...(body.shotListId ? { shotListId: body.shotListId } : {}),
    });
    const id = await generation.start(
      shotImageRunKind,
      { userId: caller.id, projectId, nodeId: detachedNodeId(`shot:${body.shotId}`) },
      {
        prompt: body.prompt,
        modelId: SHOT_IMAGE_MODEL,
        params: {},
        controls: { aspectRatio: "16:9" },
        variations: 1,
        seedFixed: true,
      },
    );
    const row = await generation.waitFor(id);
    const imageUrl = (row.result as { imageUrl?: string } | null)?.imageUrl;
    if (row.status !== "succeeded" || !imageUrl) return { success: false, error: row.error ?? GENERATION_MESSAGES.failedRetry };
    return { success: true, imageUrl };
  });
}
