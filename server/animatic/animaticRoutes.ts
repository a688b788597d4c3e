import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ANIMATIC_MESSAGES, animaticRequestSchema } from "../../domain/animatic/api";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { requireUser } from "../auth/session";
import { notFound } from "../errors";
import { parse } from "../http/errors";
import { authorizeProject } from "../policies/projectPolicy";
import { linkedScript } from "../breakdown/breakdownService";
import { findShotList } from "../shotlists/shotListService";
import { findAnimaticJob, startAnimaticJob, type AnimaticDeps } from "./animaticJobs";

const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });
const jobParams = z.object({ jobId: z.uuid({ error: ANIMATIC_MESSAGES.notFound }) });

/** Make animatic (issue 14, 3): start a render of a shot list or one of its scenes, and follow it. */
export function registerAnimaticRoutes(app: FastifyInstance, deps: AnimaticDeps) {
  app.post("/api/shot-lists/:id/animatic", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const body = parse(animaticRequestSchema, request.body ?? {});
    const list = await findShotList(deps.db, id);
    await authorizeProject(deps.db, caller.id, list.projectId, "edit");
    const scenes = body.sceneId ? list.scenes.filter((s) => s.id === body.sceneId) : list.scenes;
    if (body.sceneId && !scenes.length) throw notFound(SHOT_LIST_MESSAGES.sceneNotFound);
    const script = await linkedScript(deps.db, list.scriptId);
    const title = `Animatic · ${body.sceneId ? scenes[0]!.title : list.name}`.slice(0, 200);
    const job = startAnimaticJob(deps, {
      source: { projectId: list.projectId, scenes, elements: script?.elements ?? [], size: body.size, captions: body.captions, sceneCards: body.sceneCards },
      userId: caller.id,
      title,
    });
    reply.status(202);
    return job;
  });

  app.get("/api/animatics/:jobId", async (request) => {
    const caller = requireUser(request);
    const { jobId } = parse(jobParams, request.params);
    const job = findAnimaticJob(jobId);
    if (!job) throw notFound(ANIMATIC_MESSAGES.notFound);
    await authorizeProject(deps.db, caller.id, job.projectId, "view");
    const { projectId: _p, ...shown } = job;
    return shown;
  });
}
