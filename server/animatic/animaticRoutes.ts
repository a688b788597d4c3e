import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ANIMATIC_MESSAGES, animaticRequestSchema, type AnimaticEstimate } from "../../domain/animatic/api";
import type { Scene, ShotList } from "../../domain/shotlists/schema";
import { tooLongLine } from "../../domain/animatic/shotTiming";
import { linkedScript } from "../breakdown/breakdownService";
import { elevenLabsOffer } from "./animaticVoices";
import { spokenLines } from "./shotListAnimatic";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { requireUser } from "../auth/session";
import { badRequest, notFound } from "../errors";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import { findShotList } from "../shotlists/shotListService";
import { findAnimaticJob, startAnimatic, type AnimaticStartDeps } from "./animaticRun";

const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });
const jobParams = z.object({ jobId: z.uuid({ error: ANIMATIC_MESSAGES.notFound }) });

/** The scene asked for (404 when the list has no such scene), or every scene. */
function scenesOf(list: ShotList, sceneId: string | undefined): { scene?: Scene; scenes: Scene[] } {
  if (!sceneId) return { scenes: list.scenes };
  const scene = list.scenes.find((s) => s.id === sceneId);
  if (!scene) throw notFound(SHOT_LIST_MESSAGES.sceneNotFound);
  return { scene, scenes: [scene] };
}

/** Make animatic (issue 14, 3): start a render of a shot list or one of its scenes, and follow it. */
export function registerAnimaticRoutes(app: FastifyInstance, deps: AnimaticStartDeps) {
  app.post("/api/shot-lists/:id/animatic", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const body = parse(animaticRequestSchema, request.body ?? {});
    const list = await findShotList(deps.db, id);
    await authorizeProject(deps.db, caller.id, list.projectId, "edit");
    const { scene, scenes } = scenesOf(list, body.sceneId);
    if (!scenes.some((s) => s.shots.length)) throw badRequest(ANIMATIC_MESSAGES.noShots);
    const elements = (await linkedScript(deps.db, list.scriptId))?.elements ?? [];
    // A line no shot can hold is named now, not failed later as if a retry could help.
    const tooLong = tooLongLine(scenes.flatMap((s) => s.shots), elements);
    if (tooLong) throw badRequest(tooLong);
    const voices = { credits: 0, ownKey: false };
    if (body.voices === "elevenlabs") {
      const offer = await elevenLabsOffer(deps.generation.deps, caller.id, spokenLines(scenes, elements));
      if (!offer.usable) throw badRequest(offer.reason!);
      Object.assign(voices, { credits: offer.credits, ownKey: offer.ownKey });
    }
    const title = `Animatic · ${scene ? scene.title : list.name}`.slice(0, 200);
    const job = await startAnimatic(deps, {
      userId: caller.id,
      projectId: list.projectId,
      request: { shotListId: list.id, sceneId: body.sceneId, size: body.size, captions: body.captions, sceneCards: body.sceneCards, voices: body.voices, title },
      voices,
    });
    reply.status(202);
    return job;
  });

  /** What the dialog shows before starting: how many lines will be spoken, and whether and at what cost ElevenLabs can speak them. */
  app.post("/api/shot-lists/:id/animatic/estimate", async (request): Promise<AnimaticEstimate> => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const body = parse(animaticRequestSchema, request.body ?? {});
    const list = await findShotList(deps.db, id);
    await authorizeProject(deps.db, caller.id, list.projectId, "edit");
    const lines = spokenLines(scenesOf(list, body.sceneId).scenes, (await linkedScript(deps.db, list.scriptId))?.elements ?? []);
    const { ownKey: _own, ...elevenlabs } = await elevenLabsOffer(deps.generation.deps, caller.id, lines);
    return { lines: lines.length, elevenlabs };
  });

  app.get("/api/animatics/:jobId", async (request) => {
    const caller = requireUser(request);
    const { jobId } = parse(jobParams, request.params);
    const job = await findAnimaticJob(deps.db, jobId);
    if (!job) throw notFound(ANIMATIC_MESSAGES.notFound);
    await authorizeProject(deps.db, caller.id, job.projectId, "view");
    const { projectId: _p, ...shown } = job;
    return shown;
  });
}
