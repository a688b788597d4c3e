import { useState } from "react";
import { Download } from "lucide-react";
import { formatEighths } from "../../../domain/breakdown/eighths";
import type { ReportTable } from "../../../domain/breakdown/reportCsv";
import { Button, Dialog, Spinner, toast } from "../../ui";
import { downloadReport, useBreakdownReport } from "./breakdownApi";

export interface BreakdownReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scriptId: string;
  scriptName: string;
}

const cell = "border-b border-border px-2 py-1.5 align-top";
const head = "sticky top-0 border-b border-border-strong bg-surface-2 px-2 py-1.5 text-left text-2xs font-semibold uppercase tracking-wide text-text-muted";

/**
 * The breakdown report (issue 14, 1): per scene its length in eighths, int/ext, day/night, location,
 * characters (silent ones marked) and props; per character their scenes, speeches and words. PDF and CSV.
 */
export function BreakdownReportDialog({ open, onOpenChange, scriptId, scriptName }: BreakdownReportDialogProps) {
  const report = useBreakdownReport(scriptId, open);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: "pdf" | "csv", table?: ReportTable) => {
    setBusy(`${format}:${table ?? ""}`);
    try {
      await downloadReport(scriptId, scriptName, format, table);
    } catch (err) {
      toast.error("Failed to download the report", { description: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };
  const data = report.data;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Breakdown report"
      description={data ? `${data.scenes.length} scenes · ${formatEighths(data.totalEighths)} pages · ${data.characters.length} speaking characters` : "Scenes, characters, locations and props of this script."}
      className="max-w-5xl"
      footer={
        <>
          <Button variant="ghost" loading={busy === "csv:scenes"} onClick={() => void download("csv", "scenes")} disabled={!data}>
            <Download aria-hidden /> Scenes CSV
          </Button>
          <Button variant="ghost" loading={busy === "csv:characters"} onClick={() => void download("csv", "characters")} disabled={!data}>
            <Download aria-hidden /> Characters CSV
          </Button>
          <Button variant="primary" loading={busy === "pdf:"} onClick={() => void download("pdf")} disabled={!data}>
            <Download aria-hidden /> PDF
          </Button>
        </>
      }
    >
      {report.isPending && (
        <div className="flex h-40 items-center justify-center gap-2 text-sm text-text-muted">
          <Spinner /> Reading the script…
        </div>
      )}
      {report.isError && <p className="text-sm text-danger">{(report.error as Error).message}</p>}
      {data && (
        <div className="flex max-h-[60vh] flex-col gap-6 overflow-auto pr-1 text-sm" data-testid="breakdown-report">
          {data.noHeadings && <p className="text-text-muted">This script has no scene headings, so it is reported as one scene.</p>}
          <table className="w-full border-collapse">
            <caption className="mb-2 text-left text-sm font-semibold">Scenes</caption>
            <thead>
              <tr>
                {["#", "Heading", "Pages", "I/E", "D/N", "Characters", "Props"].map((h) => (
                  <th key={h} className={head}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.scenes.map((s, i) => (
                <tr key={s.headingId ?? i}>
                  <td className={`${cell} tabular-nums text-text-muted`}>{s.number}</td>
                  <td className={`${cell} font-medium`}>{s.heading || "(no heading)"}</td>
                  <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatEighths(s.eighths)}</td>
                  <td className={cell}>{s.setting ?? "—"}</td>
                  <td className={cell}>{s.dayNight ?? "—"}</td>
                  <td className={cell}>
                    {s.characters.map((c) => (s.speakingParts.includes(c) ? c : `${c} (silent)`)).join(", ") || "—"}
                  </td>
                  <td className={cell}>{s.props.join(", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="w-full border-collapse">
            <caption className="mb-2 text-left text-sm font-semibold">Characters</caption>
            <thead>
              <tr>
                {["Character", "Scenes", "Speeches", "Words", "Scene numbers"].map((h) => (
                  <th key={h} className={head}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.characters.map((c) => (
                <tr key={c.name}>
                  <td className={`${cell} font-medium`}>{c.name}</td>
                  <td className={`${cell} tabular-nums`}>{c.scenes.length}</td>
                  <td className={`${cell} tabular-nums`}>{c.speeches}</td>
                  <td className={`${cell} tabular-nums`}>{c.words}</td>
                  <td className={`${cell} text-text-muted`}>{c.scenes.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
