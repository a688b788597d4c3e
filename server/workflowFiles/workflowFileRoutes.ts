/**
 * Workflow files: export a canvas or a selection as a zip (viewers may), and prepare one for
 * import (editors): checked, media copied in, nodes answered ready for the browser to apply as one undo step.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { projectIdSchema } from "../../domain/projects";
import { workflowExportQuerySchema, workflowExportRequestSchema } from "../../domain/workflowFile/format";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import type { GenerationEngine } from "../generation/deps";
import { downloadName } from "../http/downloadName";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import type { MediaStorage } from "../storage/storage";
import { exportWorkflowFor } from "./exportWorkflow";
import { prepareWorkflow } from "./prepareWorkflow";
import { receiveZip } from "./receiveZip";
import { studioChoicesFor } from "./studioChoices";

const projectParams = z.object({ id: projectIdSchema });
/** The zip's content types: what browsers give a .zip file, and the generic one. */
const ZIP_TYPES = ["application/zip", "application/x-zip-compressed", "application/octet-stream"];
const isZipRequest = (request: FastifyRequest) =>
  ZIP_TYPES.includes((request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase());

export interface WorkflowFileDeps {
  db: Db;
  storage: MediaStorage;
  generation: GenerationEngine;
}

export async function registerWorkflowFileRoutes(app: FastifyInstance, deps: WorkflowFileDeps) {
  const { db, storage } = deps;

  const sendExport = async (request: FastifyRequest, reply: FastifyReply, body: { nodeIds?: string[]; media: boolean }) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const { zip, projectName } = await exportWorkflowFor({ db, storage }, caller.id, id, body);
    reply
      .header("content-type", "application/zip")
      .header(
        "content-disposition",
        `attachment; filename="${downloadName(projectName, "zip", { fallback: "project", suffix: "workflow" })}"`,
      )
      .header("cache-control", "no-store");
    return zip;
  };

  /** `?nodeIds=a,b&media=1`; the whole canvas without nodeIds. */
  app.get("/api/projects/:id/workflow", async (request, reply) =>
    sendExport(request, reply, parse(workflowExportQuerySchema, request.query ?? {})),
  );
  /** The same with the selection in a JSON body, for selections too long for a URL. */
  app.post("/api/projects/:id/workflow/export", async (request, reply) =>
    sendExport(request, reply, parse(workflowExportRequestSchema, request.body ?? {})),
  );

  await app.register(async (scope) => {
    // The zip's bytes, up to the cap: a larger body is refused with our message as soon as it passes it.
    scope.addContentTypeParser(ZIP_TYPES, receiveZip);

    scope.post(
      "/api/projects/:id/workflow/prepare",
      {
        // A stranger's or a viewer's zip is refused before its bytes are read (prepareWorkflow checks again).
        preParsing: async (request, _reply, payload) => {
          if (isZipRequest(request)) await authorizeProject(db, requireUser(request).id, parse(projectParams, request.params).id, "edit");
          return payload;
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const { id } = parse(projectParams, request.params);
        return prepareWorkflow(
          { db, storage, studioChoices: (userId) => studioChoicesFor(deps.generation.deps, userId) },
          caller.id,
          id,
          request.body,
        );
      },
    );
  });
}
