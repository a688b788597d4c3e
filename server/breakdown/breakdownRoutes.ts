import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { breakdownReportQuerySchema, breakdownRequestSchema, type BreakdownReportResponse } from "../../domain/breakdown/api";
import { breakdownReportCsv } from "../../domain/breakdown/reportCsv";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../validation";
import { breakdownReport, breakDownScript, scriptCoverage } from "./breakdownService";
import { renderBreakdownReportPdf } from "./reportPdf";
import { downloadName } from "../http/downloadName";

const scriptParams = z.object({ id: z.uuid({ error: "Script not found" }) });

/**
 * Script breakdown: break a script (or one scene) down into its shot list, the report, and
 * the per-line coverage the script editor marks. Editors break down; view-only members read and download.
 */
export function registerBreakdownRoutes(app: FastifyInstance, db: Db) {
  app.post("/api/scripts/:id/breakdown", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const input = parse(breakdownRequestSchema, request.body ?? {});
    return breakDownScript(db, { scriptId: id, headingId: input.headingId, userId: caller.id });
  });

  app.get("/api/scripts/:id/breakdown-report", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const query = parse(breakdownReportQuerySchema, request.query);
    const { script, report } = await breakdownReport(db, caller.id, id);
    reply.header("cache-control", "no-store");
    if (query.format === "csv") {
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${downloadName(script.name, "csv", { fallback: "script", suffix: `breakdown-${query.table}` })}"`,
        )
        .send(breakdownReportCsv(report, query.table));
    }
    if (query.format === "pdf") {
      return reply
        .header("content-type", "application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="${downloadName(script.name, "pdf", { fallback: "script", suffix: "breakdown" })}"`,
        )
        .send(await renderBreakdownReportPdf(script.name, report));
    }
    return { ...report, scriptName: script.name } satisfies BreakdownReportResponse;
  });

  app.get("/api/scripts/:id/coverage", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    return scriptCoverage(db, caller.id, id);
  });
}
