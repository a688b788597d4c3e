import { useState } from "react";
import { Download } from "lucide-react";
import { formatEighths } from "../../../domain/breakdown/eighths";
import { castOf } from "../../../domain/breakdown/report";
import type { ReportTable as ReportTableName } from "../../../domain/breakdown/reportCsv";
import { Button, cn, Dialog, Spinner, toast } from "../../ui";
import { downloadReport, useBreakdownReport } from "./breakdownApi";

export interface BreakdownReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scriptId: string;
  scriptName: string;
}

const CELL = "border-b border-border px-2 py-1.5 align-top";
const HEAD =
  "sticky top-0 border-b border-border-strong bg-surface-2 px-2 py-1.5 text-left text-2xs font-semibold uppercase tracking-wide text-text-muted";

interface Column<Row> {
  head: string;
  cell(row: Row): string;
  className?: string;
}

/** One table of the report: a caption, a sticky header and a row per item (text only, never HTML). */
function ReportTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey(row: Row, index: number): string;
  columns: Column<Row>[];
}) {
  return (
    <table className="w-full border-collapse">
      <caption className="mb-2 text-left text-sm font-semibold">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.head} className={HEAD}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <td key={c.head} className={cn(CELL, c.className)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The breakdown report: per scene its length in eighths, int/ext, day/night, location,
 * characters (silent ones marked) and props; per character their scenes, speeches and words. PDF and CSV.
 */
export function BreakdownReportDialog({ open, onOpenChange, scriptId, scriptName }: BreakdownReportDialogProps) {
  const report = useBreakdownReport(scriptId, open);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: "pdf" | "csv", table?: ReportTableName) => {
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
      description={
        data
          ? `${data.scenes.length} scenes · ${formatEighths(data.totalEighths)} pages · ${data.characters.length} speaking characters`
          : "Scenes, characters, locations and props of this script."
      }
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
          <ReportTable
            caption="Scenes"
            rows={data.scenes}
            rowKey={(s, i) => s.headingId ?? String(i)}
            columns={[
              { head: "#", cell: (s) => s.number, className: "tabular-nums text-text-muted" },
              { head: "Heading", cell: (s) => s.heading || "(no heading)", className: "font-medium" },
              { head: "Pages", cell: (s) => formatEighths(s.eighths), className: "whitespace-nowrap tabular-nums" },
              { head: "I/E", cell: (s) => s.setting ?? "—" },
              { head: "D/N", cell: (s) => s.dayNight ?? "—" },
              { head: "Characters", cell: castOf },
              { head: "Props", cell: (s) => s.props.join(", ") || "—" },
            ]}
          />
          <ReportTable
            caption="Characters"
            rows={data.characters}
            rowKey={(c) => c.name}
            columns={[
              { head: "Character", cell: (c) => c.name, className: "font-medium" },
              { head: "Scenes", cell: (c) => String(c.scenes.length), className: "tabular-nums" },
              { head: "Speeches", cell: (c) => String(c.speeches), className: "tabular-nums" },
              { head: "Words", cell: (c) => String(c.words), className: "tabular-nums" },
              { head: "Scene numbers", cell: (c) => c.scenes.join(", "), className: "text-text-muted" },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}
