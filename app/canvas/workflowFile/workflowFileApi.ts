/**
 * The workflow file calls: export as a download, and prepare an import (the zip as the body).
 * Errors are ApiErrors carrying the server's message, which the dialogs show as they are.
 */
import { preparedWorkflowSchema, type PreparedWorkflow } from "../../../domain/workflowFile/api";
import type { WorkflowExportRequest } from "../../../domain/workflowFile/format";
import { ApiError } from "../../api/client";

const NETWORK = "Can't reach the studio server. Check your connection and try again.";

async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    throw new ApiError(0, "network", NETWORK);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(res.status, body?.code ?? "error", body?.error ?? `Request failed (${res.status})`);
  }
  return res;
}

/** `filename="…"` of a Content-Disposition header (the server's names are plain ASCII). */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1];

/** Fetches the zip and hands it to the browser as a download. The selection travels in the body (no URL limit). */
export async function downloadWorkflow(projectId: string, request: WorkflowExportRequest): Promise<void> {
  const res = await send(`/api/projects/${projectId}/workflow/export`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileNameOf(res.headers.get("content-disposition")) ?? "reelgraph-workflow.zip";
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Sends the chosen file; the answer is the nodes ready to apply and what will not run here. */
export async function prepareWorkflowImport(projectId: string, file: Blob): Promise<PreparedWorkflow> {
  const res = await send(`/api/projects/${projectId}/workflow/prepare`, {
    method: "POST",
    headers: { "content-type": "application/zip" },
    body: file,
  });
  const parsed = preparedWorkflowSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success)
    throw new ApiError(
      res.status,
      "error",
      "The studio answered the import in a shape this page does not know. Reload the page and try again.",
    );
  return parsed.data;
}
