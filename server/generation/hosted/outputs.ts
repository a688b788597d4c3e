/**
 * Reading results and progress out of provider answers whose shape varies by model: fal's `images[]`,
 * `video`, `model_mesh`, Replicate's URL or URL list, tqdm progress bars in model logs.
 */
import type { MediaType } from "../../../domain/generation/modelTypes";
import type { ProgressReport } from "../engine";
import { kindOfMime, kindOfUrl } from "./inputs";

type FileKind = Exclude<MediaType, "text">;

interface Candidate {
  url: string;
  kind: FileKind | undefined;
}

const isUrl = (s: string) => /^(https?:\/\/|data:)/i.test(s);

/**
 * The result files of the wanted kind, in the order the answer lists them. A file is `{url, content_type?}`
 * or a bare URL string; its kind comes from the content type, else the URL. Files of unknown kind count when
 * nothing matches outright. Video and 3D give one file (a mesh's textures and preview renders are extras).
 */
export function findFileUrls(answer: unknown, kind: FileKind): string[] {
  const found: Candidate[] = [];
  collect(answer, found, 0);
  const seen = new Set<string>();
  const unique = found.filter((c) => !seen.has(c.url) && seen.add(c.url));
  let urls = unique.filter((c) => c.kind === kind).map((c) => c.url);
  if (urls.length === 0) urls = unique.filter((c) => c.kind === undefined).map((c) => c.url);
  return kind === "image" || kind === "audio" ? urls : urls.slice(0, 1);
}

function collect(value: unknown, out: Candidate[], depth: number): void {
  if (depth > 6 || value === null || value === undefined) return;
  if (typeof value === "string") {
    if (isUrl(value)) out.push({ url: value, kind: kindOfUrl(value) });
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, depth + 1);
    return;
  }
  if (typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  if (typeof o.url === "string" && isUrl(o.url)) {
    const declared = typeof o.content_type === "string" ? o.content_type : typeof o.contentType === "string" ? o.contentType : undefined;
    const byName = typeof o.file_name === "string" ? kindOfUrl(`x/${o.file_name}`) : undefined;
    out.push({ url: o.url, kind: kindOfMime(declared) ?? byName ?? kindOfUrl(o.url) });
    return;
  }
  for (const [key, child] of Object.entries(o)) {
    // Inputs echoed back (Replicate's `input`, fal's `prompt`) are not results.
    if (key === "input" || key === "prompt") continue;
    collect(child, out, depth + 1);
  }
}

/** The last progress percentage a model's logs show (tqdm bars: ' 45%|████▌     | 9/20'). */
export function percentFromLogs(logs: string | readonly string[] | undefined): number | undefined {
  const text = typeof logs === "string" ? logs : (logs ?? []).join("\n");
  const matches = [...text.matchAll(/(\d{1,3})%\|/g)];
  const last = matches.at(-1);
  if (!last) return undefined;
  const percent = Number(last[1]);
  return percent >= 0 && percent <= 100 ? percent : undefined;
}

/** The last non-empty line, for "what is it doing" messages. */
export function lastLine(logs: string | readonly string[] | undefined): string | undefined {
  const lines = (typeof logs === "string" ? logs.split(/\r?\n|\r/) : [...(logs ?? [])]).map((l) => l.trim()).filter(Boolean);
  const line = lines.at(-1);
  return line && line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** A progress report that carries `percent` only when the provider really gave one. */
export function progressReport(percent: number | undefined, message: string): ProgressReport {
  return percent === undefined ? { message } : { percent, message };
}
