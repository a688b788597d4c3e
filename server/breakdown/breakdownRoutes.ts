import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { breakdownReportQuerySchema, breakdownRequestSchema, type BreakdownReportResponse } from "../../domain/breakdown/api";
import { breakdownReportCsv } from "../../domain/breakdown/reportCsv";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import { findScript } from "../services/scriptService";
import { breakdownReportOffThread } from "./breakdownHost";
import { breakDownScript, screenplayElements, scriptCoverage } from "./breakdownService";
import { renderBreakdownReportPdf } from "./reportPdf";
import { downloadName } from "../http/downloadName";

const scriptParams = z.object({ id: z.uuid({ error: "Script not found" }) });


/**
 * Script breakdown (issue 14, 1): break a script (or one scene) down into its shot list, the report, and
 * the per-line coverage the script editor marks. Editors break down; view-only members read and download.
 */
export function registerBreakdownRoutes(app: FastifyInstance, db: Db) {
  app.post("/api/scripts/:id/breakdown", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const input = parse(breakdownRequestSchema, request.body ?? {});
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "edit");
    return breakDownScript(db, { script, headingId: input.headingId, userId: caller.id });
  });

  app.get("/api/scripts/:id/breakdown-report", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const query = parse(breakdownReportQuerySchema, request.query);
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "view");
    const report = await breakdownReportOffThread(screenplayElements(script), script.metadata.format);
    reply.header("cache-control", "no-store");
    if (query.format === "csv") {
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${downloadName(script.name, "csv", { fallback: "script", suffix: `breakdown-${query.table}` })}"`)
        .send(breakdownReportCsv(report, query.table));
    }
    if (query.format === "pdf") {
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${downloadName(script.name, "pdf", { fallback: "script", suffix: "breakdown" })}"`)
        .send(await renderBreakdownReportPdf(script.name, report));
    }
    return { ...report, scriptName: script.name } satisfies BreakdownReportResponse;
  });

  app.get("/api/scripts/:id/coverage", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "view");
    return scriptCoverage(db, id);
  });
}
