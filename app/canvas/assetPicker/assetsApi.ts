import type {
  AssetInsertResponse,
  AssetListResponse,
  AssetUploadResponse,
  LibraryAsset,
  StockSearchResponse,
  StockStatusResponse,
} from "../../../domain/assetLibrary";
import { ApiError, api } from "../../api/client";

/** The assets calls of spec canvas 7, typed from domain/assetLibrary.ts. */

export const libraryKey = ["asset-library"] as const;
export const stockStatusKey = ["stock-status"] as const;
export const stockKey = (query: string) => ["stock", query] as const;

const withUser = (path: string, userId: string | undefined, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (userId) params.set("userId", userId);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

export async function listLibrary(userId: string | undefined): Promise<LibraryAsset[]> {
  return (await api<AssetListResponse>("GET", withUser("/api/assets/list", userId))).data;
}

/** Multipart, so not through api(): the browser sets the boundary. */
export async function uploadToLibrary(file: File, userId: string | undefined): Promise<LibraryAsset> {
  const form = new FormData();
  if (userId) form.set("userId", userId);
  form.set("file", file);
  let res: Response;
  try {
    res = await fetch("/api/assets/upload", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server. Check your connection and try again.");
  }
  const body = (await res.json().catch(() => null)) as (Partial<AssetUploadResponse> & { error?: string; code?: string }) | null;
  if (!res.ok || !body?.asset)
    throw new ApiError(res.status, body?.code ?? "upload", body?.error ?? `Upload failed: ${res.status} ${res.statusText}`.trim());
  return body.asset;
}

export async function deleteFromLibrary(assetId: string, userId: string | undefined): Promise<void> {
  await api("DELETE", withUser("/api/assets/delete", userId, { assetId }));
}

export const stockStatus = () => api<StockStatusResponse>("GET", "/api/assets/unsplash/status");

export function searchStock(query: string, page: number): Promise<StockSearchResponse> {
  const params = new URLSearchParams({ page: String(page) });
  if (query) params.set("query", query);
  return api<StockSearchResponse>("GET", `/api/assets/unsplash/search?${params}`);
}

/** Unsplash's guideline: report each use of a photo. A failure only warns (spec canvas 7). */
export function trackStockDownload(downloadLocation: string): void {
  api("POST", "/api/assets/unsplash/track-download", { downloadLocation }).catch((err: unknown) =>
    console.warn("Unsplash download tracking failed", err),
  );
}

export async function importStockPhoto(unsplashId: string): Promise<LibraryAsset> {
  return (await api<AssetUploadResponse>("POST", "/api/assets/unsplash/import", { unsplashId })).asset;
}

export const insertIntoProject = (assetId: string, projectId: string) =>
  api<AssetInsertResponse>("POST", "/api/assets/insert", { assetId, projectId });
