import { toCsv } from "../shotlists/csv";
import { formatEighths } from "./eighths";
import type { BreakdownReport } from "./report";

export const REPORT_TABLES = ["scenes", "characters"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** The report as a spreadsheet: one table per file, so each opens as a clean sheet. */
export function breakdownReportCsv(report: BreakdownReport, table: ReportTable): string {
  if (table === "characters") {
    return toCsv([
      ["Character", "Scenes", "Scene Count", "Speeches", "Words"],
      ...report.characters.map((c) => [c.name, c.scenes.join(" "), String(c.scenes.length), String(c.speeches), String(c.words)]),
    ]);
  }
  return toCsv([
    ["Scene", "Heading", "Pages (eighths)", "Eighths", "Int/Ext", "Location", "Day/Night", "Characters", "Speaking Parts", "Props"],
    ...report.scenes.map((s) => [
      s.number,
      s.heading,
      formatEighths(s.eighths),
      String(s.eighths),
      s.setting ?? "",
      s.location ?? "",
      s.dayNight ?? "",
      s.characters.join(", "),
      s.speakingParts.join(", "),
      s.props.join(", "),
    ]),
  ]);
}
