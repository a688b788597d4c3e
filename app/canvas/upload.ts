import { withNewVersions } from "../../domain/canvas/versions";
import { ApiError } from "../api/client";
import { messageFor } from "../api/errorMessages";
import type { NodeData } from "../../domain/canvas/node";

export interface UploadResult {
  url: string;
  type: "image" | "video" | "audio" | "text" | "model3d";
  contentType: string;
  content?: string;
}

/** spec (canvas 8 "Upload"): the texts fixed for some codes; otherwise the server's own message. */
const UPLOAD_TEXTS = {
  unauthorized: "Authentication failed. Please sign in again.",
  forbidden: "Access denied. You may not have permission to perform this action.",
} as const;

export async function uploadFile(projectId: string, nodeId: string, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.set("projectId", projectId);
  form.set("nodeId", nodeId);
  form.set("contentType", file.type || "application/octet-stream");
  form.set("file", file);
  let res: Response;
  try {
    res = await fetch("/api/upload-media", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "Upload failed: the studio server could not be reached");
  }
  const body = (await res.json().catch(() => null)) as (Partial<UploadResult> & { error?: string; code?: string; message?: string }) | null;
  if (!res.ok) {
    const refusal = new ApiError(res.status, body?.code ?? "upload", body?.error ?? body?.message ?? "");
    throw new ApiError(res.status, refusal.code, messageFor(refusal, { ...UPLOAD_TEXTS, fallback: `Upload failed: ${res.status}` }));
  }
  if (!body?.url && body?.content === undefined) throw new ApiError(res.status, "upload", "Upload failed - no URL or content returned");
  return body as UploadResult;
}

/** What a finished upload changes on its node (spec: canvas 4 "Upload to node", "Versions"). */
export function dataAfterUpload(data: NodeData, result: UploadResult, fileName: string): Partial<NodeData> {
  if (result.type === "text") {
    return {
      content: result.content ?? "",
      contentType: "text",
      status: "completed",
      mediaUrl: undefined,
      displayUrl: undefined,
      azureUrl: undefined,
      title: data.title === "Untitled" ? fileName : data.title,
    };
  }
  const versions = withNewVersions(data.versionHistory, {
    mediaUrl: result.url,
    permanentMediaUrl: result.url,
    prompt: data.prompt,
    model: "upload",
    contentType: result.type,
    createdAt: new Date().toISOString(),
  });
  return {
    mediaUrl: result.url,
    azureUrl: result.url,
    displayUrl: result.url,
    permanentMediaUrl: result.url,
    contentType: result.type,
    status: "completed",
    content: undefined,
    error: null,
    ...versions,
    title: data.title === "Untitled" ? fileName.replace(/\.[^.]+$/, "") : data.title,
  };
}
