import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ANIMATIC_MESSAGES, animaticRequestSchema } from "../../domain/animatic/api";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { requireUser } from "../auth/session";
import { badRequest, notFound } from "../errors";
import { parse } from "../http/errors";
import { authorizeProject } from "../policies/projectPolicy";
import { findShotList } from "../shotlists/shotListService";
import { findAnimaticJob, startAnimatic, type AnimaticStartDeps } from "./animaticRun";

const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });
const jobParams = z.object({ jobId: z.uuid({ error: ANIMATIC_MESSAGES.notFound }) });

/** Make animatic (issue 14, 3): start a render of a shot list or one of its scenes, and follow it. */
export function registerAnimaticRoutes(app: FastifyInstance, deps: AnimaticStartDeps) {
  app.post("/api/shot-lists/:id/animatic", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const body = parse(animaticRequestSchema, request.body ?? {});
    const list = await findShotList(deps.db, id);
    await authorizeProject(deps.db, caller.id, list.projectId, "edit");
    const scene = body.sceneId ? list.scenes.find((s) => s.id === body.sceneId) : undefined;
    if (body.sceneId && !scene) throw notFound(SHOT_LIST_MESSAGES.sceneNotFound);
    if (!(scene ? [scene] : list.scenes).some((s) => s.shots.length)) throw badRequest(ANIMATIC_MESSAGES.noShots);
    const title = `Animatic · ${scene ? scene.title : list.name}`.slice(0, 200);
    const job = await startAnimatic(deps, {
      userId: caller.id,
      projectId: list.projectId,
      request: { shotListId: list.id, sceneId: body.sceneId, size: body.size, captions: body.captions, sceneCards: body.sceneCards, title },
    });
    reply.status(202);
    return job;
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
