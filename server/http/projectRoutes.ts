import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createProjectSchema, projectIdSchema, updateProjectSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import type { RealtimeHub } from "../realtime/hub";
import { authorizeProject } from "../policies/projectPolicy";
import { createProject, deleteProject, getProject, listProjects, updateProject } from "../services/projectService";
import { parse } from "../validation";

const projectParams = z.object({ id: projectIdSchema });

// Each route reads as: who is calling → is the input valid → may they → do it.
export function registerProjectRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub) {
  app.get("/api/projects", async (request) => {
    const caller = requireUser(request);
    return { projects: await listProjects(db, caller.id) };
  });

  app.post("/api/projects", async (request, reply) => {
    const caller = requireUser(request);
    const input = parse(createProjectSchema, request.body ?? {});
    // A new project is the caller's own: there is nothing to authorize until it exists (its nodes are
    // checked by the canvas's writer, against the project as it is being made).
    const project = await createProject(db, hub, caller.id, input);
    reply.status(201);
    return project;
  });

  app.get("/api/projects/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const permission = await authorizeProject(db, caller.id, id, "view");
    return getProject(db, id, permission);
  });

  app.patch("/api/projects/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const input = parse(updateProjectSchema, request.body ?? {});
    const permission = await authorizeProject(db, caller.id, id, "edit");
    return updateProject(db, id, permission, input);
  });

  app.delete("/api/projects/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    await authorizeProject(db, caller.id, id, "manage");
    await deleteProject(db, id);
    return { success: true };
  });
}
