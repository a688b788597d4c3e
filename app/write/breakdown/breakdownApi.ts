/** The breakdown calls: break down, the per-line coverage, the report and its downloads. */
import { useQuery } from "@tanstack/react-query";
import type { BreakdownReportResponse, BreakdownResponse, ScriptCoverage } from "../../../domain/breakdown/api";
import type { ReportTable } from "../../../domain/breakdown/reportCsv";
import { api } from "../../api/client";
import { downloadFile } from "../editor/scriptApi";

export const breakdownKeys = {
  coverage: (scriptId: string) => ["scriptCoverage", scriptId] as const,
  report: (scriptId: string) => ["breakdownReport", scriptId] as const,
};

export const breakDownScript = (scriptId: string, headingId?: string) =>
  api<BreakdownResponse>("POST", `/api/scripts/${scriptId}/breakdown`, headingId ? { headingId } : {});

export function useScriptCoverage(scriptId: string) {
  return useQuery({
    queryKey: breakdownKeys.coverage(scriptId),
    queryFn: () => api<ScriptCoverage>("GET", `/api/scripts/${scriptId}/coverage`),
    staleTime: 30_000,
  });
}

export function useBreakdownReport(scriptId: string, enabled: boolean) {
  return useQuery({
    queryKey: breakdownKeys.report(scriptId),
    queryFn: () => api<BreakdownReportResponse>("GET", `/api/scripts/${scriptId}/breakdown-report`),
    enabled,
  });
}

export function downloadReport(scriptId: string, scriptName: string, format: "pdf" | "csv", table: ReportTable = "scenes") {
  const query = new URLSearchParams({ format, ...(format === "csv" ? { table } : {}) });
  return downloadFile(
    `/api/scripts/${scriptId}/breakdown-report?${query}`,
    `${scriptName || "script"}-breakdown${format === "csv" ? `-${table}` : ""}.${format}`,
  );
}
