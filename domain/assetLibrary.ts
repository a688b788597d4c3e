import { z } from "zod";
import { projectIdSchema } from "./projects";

/**
 * The canvas's Assets dialog (spec canvas 2 "Assets dialog", 3 "Asset", 5 "Upload", 7, 8, 9): a user's own
 * library of media files ("My Files") and stock photos from Unsplash. Shared by the routes in
 * server/assets/ and the dialog in app/canvas/assetPicker/.
 */

export const STOCK_PAGE_SIZE = 50;
/** The stock grid asks for the next page when the scroll is this close to the bottom (spec canvas 9). */
export const STOCK_SCROLL_TRIGGER_PX = 200;
/** Sent to Unsplash in attribution links (their guidelines: utm_source = the app's name). */
export const UNSPLASH_UTM_SOURCE = "reelgraph";

export const ASSET_MESSAGES = {
  notAuthenticated: "User not authenticated.",
  foreignUser: "You can only use your own files.",
  notFound: "Asset not found",
  notRealMedia: "This file is not a valid image, video or audio file.",
  stockDisabled:
    "Stock images are off. To enable them, set UNSPLASH_ACCESS_KEY to an Unsplash access key (unsplash.com/developers) and restart the studio.",
  stockUnavailable: "Unsplash could not be reached. Please try again in a moment.",
  foreignDownloadLocation: "Only Unsplash download links can be tracked",
  // Inline texts and toasts of the dialog (spec canvas 8).
  loadFailed: "Failed to load assets",
  uploadFailed: "Upload failed",
  deleteFailed: "Delete failed",
  uploaded: "Uploaded",
  deleted: "Deleted",
  uploadedDescription: "File uploaded successfully",
  uploadFailedToast: "Failed to upload file",
  stockLoadFailed: "Failed to load images",
  insertFailed: "Could not insert the selected assets",
  viewOnly: "You have view-only access to this project",
} as const;

/** The asset dialog takes media only (spec canvas 5: "Asset dialog upload accepts image, video, audio"). */
export const assetTypeNotSupported = (type: string) => `File type ${type} not supported. Please use images, videos, or audio files.`;

export const LIBRARY_KINDS = ["image", "video", "audio"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** image/png → image; anything that is not image, video or audio → null. */
export function libraryKindOf(contentType: string): LibraryKind | null {
  const top = contentType.split("/")[0]?.toLowerCase();
  return (LIBRARY_KINDS as readonly string[]).includes(top ?? "") ? (top as LibraryKind) : null;
}

// --- wire shapes

/** spec canvas 3 "Asset". Times are ISO strings. */
export const libraryAssetSchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
  lastModified: z.string(),
});
export type LibraryAsset = z.infer<typeof libraryAssetSchema>;

/** A stock photo (spec canvas 3 "Stock image extras"), as the dialog shows and inserts it. */
export const stockAssetSchema = z.object({
  id: z.string(),
  unsplash_id: z.string(),
  url: z.string(),
  thumb: z.string(),
  filename: z.string(),
  contentType: z.string(),
  author: z.string(),
  author_url: z.string(),
  unsplash_url: z.string(),
  download_location: z.string(),
  attribution: z.string(),
  description: z.string(),
  width: z.number(),
  height: z.number(),
  color: z.string(),
});
export type StockAsset = z.infer<typeof stockAssetSchema>;

export interface AssetUploadResponse {
  success: true;
  url: string;
  asset: LibraryAsset;
}
export interface AssetListResponse {
  success: true;
  data: LibraryAsset[];
}
export interface StockSearchResponse {
  success: true;
  data: StockAsset[];
  page: number;
  /** Unsplash returns at most 30 per page whatever we ask, so "a full page" cannot tell; the server says. */
  hasMore: boolean;
}
export interface StockStatusResponse {
  enabled: boolean;
}
/** A library asset copied into a project's media, ready to go into a node. */
export interface AssetInsertResponse {
  success: true;
  url: string;
  contentType: string;
  kind: LibraryKind;
  filename: string;
}

// --- requests

/** The spec's clients send their own user id; the server uses the session and refuses anyone else's. */
const userIdSchema = z.string().trim().max(200, "userId is too long").optional();
const assetIdSchema = z.uuid({ error: "Invalid asset id" });

export const assetListQuerySchema = z.object({ userId: userIdSchema });
export const assetDeleteQuerySchema = z.object({ userId: userIdSchema, assetId: assetIdSchema });
/** Text fields next to the multipart `file`. */
export const assetUploadFieldsSchema = z.strictObject({ userId: userIdSchema });

export const stockSearchQuerySchema = z.object({
  query: z.string().trim().max(200, "Search is too long").optional().default(""),
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(1000, "page is too large")
    .default(1),
});

export const trackDownloadSchema = z.strictObject({
  downloadLocation: z
    .string({ error: "downloadLocation is required" })
    .min(1, "downloadLocation is required")
    .max(2000, "downloadLocation is too long"),
});

/** Unsplash photo ids are short url-safe strings ("Dwu85P9SOIk"). */
export const stockImportSchema = z.strictObject({
  unsplashId: z.string({ error: "unsplashId is required" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid Unsplash photo id"),
});

export const assetInsertSchema = z.strictObject({ assetId: assetIdSchema, projectId: projectIdSchema });

// --- rules the dialog uses

/** spec canvas 5 "Search": by file name or content type, case-insensitive. */
export function filterAssets<T extends { filename: string; contentType: string }>(assets: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...assets];
  return assets.filter((a) => a.filename.toLowerCase().includes(q) || a.contentType.toLowerCase().includes(q));
}

/** Click toggles an id in or out of the selection (several may be chosen). */
export function toggleSelection(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** 1536 → "1.5 KB"; sizes a person reads in the grid. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export const stockAttribution = (author: string) => `Photo by ${author} on Unsplash`;

/** Unsplash's guidelines: every link back to them carries utm_source (the app) and utm_medium=referral. */
export function withUnsplashUtm(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.set("utm_source", UNSPLASH_UTM_SOURCE);
    u.searchParams.set("utm_medium", "referral");
    return u.toString();
  } catch {
    return url;
  }
}
