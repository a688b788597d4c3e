import type { FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import { z } from "zod";
import { projectIdSchema } from "../../domain/projects";
import { checkScriptUpload, DOCX_MAX_BYTES, exportQuerySchema, scriptNameSchema, SCRIPT_MESSAGES } from "../../domain/scripts";
import { ScreenplayParseError } from "../../domain/screenplay/parseError";
import { writeFdx } from "../../domain/screenplay/fdx";
import { writeFountain } from "../../domain/screenplay/fountain";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import { createScript, findScript } from "../services/scriptService";
import { renderScreenplayPdf } from "../screenplay/pdf";
import { renderScreenplayDocx } from "../screenplay/docx";
import { importScriptOffThread } from "../screenplay/importHost";
import { badRequest, relayedError } from "../errors";
import { parse } from "../validation";
import { downloadName } from "./downloadName";

const projectParams = z.object({ id: projectIdSchema });
const scriptParams = z.object({ id: z.uuid({ error: "Script not found" }) });

const EXPORT_TYPES = {
  fdx: "application/xml; charset=utf-8",
  fountain: "text/plain; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
} as const;

export async function registerScriptFileRoutes(app: FastifyInstance, db: Db) {
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: DOCX_MAX_BYTES, files: 1, fields: 4 } });

    /** Import a .fdx, .docx or .fountain file as a new script; a bad file changes nothing. */
    scoped.post("/api/projects/:id/scripts/import", async (request, reply) => {
      const caller = requireUser(request);
      const { id } = parse(projectParams, request.params);
      await authorizeProject(db, caller.id, id, "edit");
      if (!request.isMultipart()) throw badRequest("Send the script as multipart form data with a file");
      let file: { name: string; bytes: Buffer; truncated: boolean } | null = null;
      let name: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === "file") {
          const bytes = await part.toBuffer();
          file = { name: part.filename, bytes, truncated: part.file.truncated };
        } else if (part.fieldname === "name") {
          name = String(part.value);
        }
      }
      if (!file) throw badRequest("Choose a .fdx, .docx or .fountain file");
      const check = checkScriptUpload(file.name, file.truncated ? DOCX_MAX_BYTES + 1 : file.bytes.length);
      if ("error" in check)
        throw relayedError(file.truncated ? 413 : 400, file.truncated ? "payload_too_large" : "bad_request", check.error);
      const { name: scriptName } = parse(z.object({ name: scriptNameSchema }), { name: name ?? file.name.replace(/\.[^.]+$/, "") });
      let imported;
      try {
        imported = await importScriptOffThread(check.kind, file.bytes);
      } catch (err) {
        if (err instanceof ScreenplayParseError) throw badRequest(err.message);
        request.log.error({ err }, "script import failed");
        throw badRequest(`Failed to process uploaded file. Please check the file format and try again.`);
      }
      const { parsed, pageCount } = imported;
      const script = await createScript(db, {
        projectId: id,
        name: scriptName,
        fileType: "screenplay",
        userId: caller.id,
        elements: parsed.elements,
        metadata: {
          titlePage: parsed.titlePage,
          title: parsed.titlePage.title ?? scriptName,
          pageCount,
          ...(parsed.format ? { format: parsed.format } : {}),
        },
      });
      reply.status(201);
      return script;
    });
  });

  /** FDX, Fountain, DOCX or PDF of a script (PDF: paper and scene-number options). */
  app.get("/api/scripts/:id/export", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const query = parse(exportQuerySchema, request.query);
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "view");
    if (script.fileType !== "screenplay") throw badRequest("Only screenplays can be exported");
    const parsed = {
      elements: script.elements,
      titlePage: { title: script.name, ...(script.metadata.titlePage ?? {}) },
      ...(script.metadata.format ? { format: script.metadata.format } : {}),
    };
    const body =
      query.format === "fdx"
        ? writeFdx(parsed)
        : query.format === "fountain"
          ? writeFountain(parsed)
          : query.format === "docx"
            ? await renderScreenplayDocx(parsed, { paper: query.paper })
            : await renderScreenplayPdf(parsed, { paper: query.paper, sceneNumbers: query.sceneNumbers });
    reply
      .header("content-type", EXPORT_TYPES[query.format])
      .header("content-disposition", `attachment; filename="${downloadName(script.name, query.format, { fallback: "script" })}"`)
      .header("cache-control", "no-store");
    return body;
  });
}

export { SCRIPT_MESSAGES };
