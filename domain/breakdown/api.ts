/** The breakdown routes' contract, shared by the server and the client. */
import { z } from "zod";
import type { ShotList } from "../shotlists/schema";
import type { BreakdownReport } from "./report";
import { REPORT_TABLES } from "./reportCsv";
import type { LineChange } from "./scriptLink";

/** POST /api/scripts/:id/breakdown: the whole script, or the scene under one heading. */
export const breakdownRequestSchema = z.strictObject({
  headingId: z.string().min(1).max(100).optional(),
});
export type BreakdownRequest = z.infer<typeof breakdownRequestSchema>;

export interface BreakdownResponse {
  shotList: ShotList;
  /** True when this breakdown made the list (the first one of this script). */
  created: boolean;
  notices: string[];
  /** The list's size after the breakdown. */
  counts: { scenes: number; shots: number };
}

/** GET /api/scripts/:id/breakdown-report */
export const breakdownReportQuerySchema = z.object({
  format: z.enum(["json", "csv", "pdf"], { error: "format must be json, csv or pdf" }).default("json"),
  table: z.enum(REPORT_TABLES, { error: "table must be scenes or characters" }).default("scenes"),
});

export type BreakdownReportResponse = BreakdownReport & { scriptName: string };

/** One shot covering a line, as the script editor's marker shows it. */
export interface CoveringShot {
  shotId: string;
  shotNumber: number;
  label: string;
}

/** GET /api/scripts/:id/coverage: the broken-down list and, per script line, the shots covering it. */
export interface ScriptCoverage {
  shotList: { id: string; name: string } | null;
  lines: Record<string, CoveringShot[]>;
}

/** What GET /api/shot-lists/:id adds for a list made from a script: the script, and each shot's changed lines. */
export interface ShotListScriptState {
  script: { id: string; name: string } | null;
  scriptChanges: Record<string, LineChange[]>;
}

export const BREAKDOWN_MESSAGES = {
  notScreenplay: "Only screenplays can be broken down.",
  tooLarge:
    "This breakdown would make the shot list larger than a shot list can be. Break the script down scene by scene into separate lists, or remove shots you no longer need.",
} as const;
