/**
 * A node's data as a workflow file keeps it: what the person made (title, prompt, content, model, its
 * parameters, tool and its parameters, aspect ratio, toolbar choices, versions) without what belonged to a
 * run in the project it came from (status of a run in progress, run ids, progress, errors, results,
 * revisions, the context the canvas derives from edges). Media URLs are mapped: kept, replaced by the
 * importing project's copies, or left out.
 */
import { mediaUrlOf, textOf } from "../canvas/contentType";
import type { NodeData } from "../canvas/node";
import { isStudioMediaUrl } from "../mediaUrl";

/** Fields of a run, a revision or the canvas's own bookkeeping: never in a file, never taken from one. */
export const RUN_TIME_FIELDS = [
  "generationId",
  "generationProgress",
  "isGenerating",
  "error",
  "toolExecutionResult",
  "lastToolExecution",
  // Derived from the edges by the canvas (app/canvas/document/contextRefresh.ts) and names node ids.
  "contextData",
  "rev",
  "lastModified",
] as const;

/** A status that only means something while a run or a recording is going on, or after one failed. */
const PASSING_STATUSES = new Set(["generating", "recording", "error"]);

/** `/api/media/<id>` (an extension may follow) → the media row's id; null for anything else. */
export function mediaIdOf(url: string): string | null {
  if (!isStudioMediaUrl(url)) return null;
  return url.slice("/api/media/".length).replace(/\.[A-Za-z0-9]+$/, "");
}

/** Every studio media URL anywhere in the value, each once, in the order met. */
export function mediaUrlsIn(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (isStudioMediaUrl(v)) found.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return [...found];
}

const DROP = Symbol("drop");

/** The value with each studio media URL mapped: to a string, or out of its object or array when null. */
function mapMediaUrls(value: unknown, map: (url: string) => string | null): unknown {
  if (typeof value === "string") return isStudioMediaUrl(value) ? (map(value) ?? DROP) : value;
  if (Array.isArray(value)) return value.map((v) => mapMediaUrls(v, map)).filter((v) => v !== DROP);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const mapped = mapMediaUrls(v, map);
      if (mapped !== DROP) out[key] = mapped;
    }
    return out;
  }
  return value;
}

const hadMedia = (entry: unknown) => {
  const e = entry as { mediaUrl?: unknown; permanentMediaUrl?: unknown } | null;
  return typeof e?.mediaUrl === "string" || typeof e?.permanentMediaUrl === "string";
};

/**
 * The data a workflow file keeps of a node, with media URLs mapped by `mapUrl` (null leaves one out). A
 * version whose media were all left out goes, as it could not be shown; a finished node left with neither
 * media nor text is idle again, ready to be run here.
 */
export function workflowNodeData(data: NodeData, mapUrl: (url: string) => string | null): NodeData {
  const record = { ...(data as Record<string, unknown>) };
  for (const field of RUN_TIME_FIELDS) delete record[field];
  if (typeof record.status === "string" && PASSING_STATUSES.has(record.status)) record.status = "idle";
  const mapped = mapMediaUrls(record, mapUrl) as Record<string, unknown>;

  const versionsBefore = Array.isArray(record.versionHistory) ? record.versionHistory : null;
  if (versionsBefore && Array.isArray(mapped.versionHistory)) {
    const after = mapped.versionHistory as unknown[];
    const keptAt = versionsBefore.map((before, i) => !(hadMedia(before) && !hadMedia(after[i])));
    mapped.versionHistory = after.filter((_, i) => keptAt[i]);
    const index = mapped.currentVersionIndex;
    if (typeof index === "number") {
      // The version shown stays shown; when it went, the newest one left is.
      const kept = keptAt.filter(Boolean).length;
      if (keptAt[index]) mapped.currentVersionIndex = keptAt.slice(0, index).filter(Boolean).length;
      else if (kept) mapped.currentVersionIndex = kept - 1;
      else delete mapped.currentVersionIndex;
    }
  }

  const result = mapped as NodeData;
  const finished = result.status === "completed" || result.status === "success";
  if (finished && mediaUrlOf(data) && !mediaUrlOf(result) && !textOf(result)) result.status = "idle";
  return result;
}
