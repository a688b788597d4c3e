/** The editor's calls: read a script, save it (with the tab's client id), download an export. */
import { api, ApiError } from "../../api/client";
import type { Permission } from "../../../domain/permissions";
import type { ScreenplayElement, ScriptMetadata } from "../../../domain/screenplay/elements";
import type { ScriptFile } from "../../../domain/scripts";

export type ScriptWithPermission = ScriptFile & { permission: Permission };

export const scriptQueryKey = (scriptId: string) => ["script", scriptId] as const;

export const fetchScript = (scriptId: string) => api<ScriptWithPermission>("GET", `/api/scripts/${scriptId}`);

export interface ScriptChange {
  elements?: ScreenplayElement[];
  content?: string;
  metadata?: ScriptMetadata;
  baseVersion: number;
}

/**
 * PUT /api/scripts/:id. Sends `x-client-id` so this tab can ignore the realtime notice its own save causes.
 * Errors are ApiErrors like `api()`'s (409 when `baseVersion` is stale).
 */
export async function saveScript(scriptId: string, change: ScriptChange, clientId: string): Promise<ScriptFile> {
  let res: Response;
  try {
    res = await fetch(`/api/scripts/${scriptId}`, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-client-id": clientId },
      body: JSON.stringify(change),
    });
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server. Check your connection and try again.");
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as ScriptFile;
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: { error?: string; code?: string; message?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // not JSON
  }
  return new ApiError(res.status, body.code ?? "error", body.error ?? body.message ?? `Request failed (${res.status})`);
}

export type ExportFormat = "fdx" | "fountain" | "docx" | "pdf";
export interface PdfOptions {
  paper: "letter" | "a4";
  sceneNumbers: "none" | "left" | "right" | "both";
}

/** The file name in a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, "$1");
  const bare = /filename\s*=\s*([^;]+)/i.exec(header);
  return bare?.[1]?.trim() || null;
}

const EXTENSIONS: Record<ExportFormat, string> = { fdx: "fdx", fountain: "fountain", docx: "docx", pdf: "pdf" };

/** GET /api/scripts/:id/export and hands the file to the browser under the server's file name. */
export async function downloadExport(scriptId: string, scriptName: string, format: ExportFormat, pdf?: PdfOptions): Promise<void> {
  const query = new URLSearchParams({ format });
  if (format === "pdf" && pdf) {
    query.set("paper", pdf.paper);
    query.set("sceneNumbers", pdf.sceneNumbers);
  }
  await downloadFile(`/api/scripts/${scriptId}/export?${query}`, `${scriptName || "script"}.${EXTENSIONS[format]}`);
}

/** Fetches a file the studio serves and hands it to the browser under the server's file name; errors as ApiErrors. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server. Check your connection and try again.");
  }
  if (!res.ok) throw await errorOf(res);
  const blob = await res.blob();
  const name = fileNameFromDisposition(res.headers.get("content-disposition")) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
