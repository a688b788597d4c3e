import { z } from "zod";
import { projectIdSchema } from "./projects";

/**
 * Upload rules (spec canvas 5 "Upload" and "Drop media type"), shared by the app's pre-checks and the
 * server. The server does not trust the browser's type or the file name: it sniffs the bytes
 * (server/media/sniffUpload.ts); these lists decide what a person may pick and what kind of node it makes.
 */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: "File too large. Maximum size is 50MB",
  /** spec (shell 5, script upload): the same words for every upload, since an empty file makes no node. */
  empty: "File cannot be empty",
  noEditPermission: "You don't have permission to upload files",
  dropMediaOnly: "Please drop image or video files only",
  dropOneFile: "Please drop one file at a time",
} as const;

export const unsupportedFileType = (type: string) =>
  `File type ${type} not supported. Please use images, videos, audio files, text files, or 3D models.`;

export type UploadKind = "image" | "video" | "audio" | "text" | "model3d";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The spec's accepted MIME types, word for word ("jpeg, png, …, octet-stream"). */
export const ACCEPTED_MIME_TYPES: readonly string[] = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/ogg",
  "audio/aac",
  "audio/flac",
  "audio/m4a",
  "audio/webm",
  "text/plain",
  "text/markdown",
  "text/csv",
  "application/json",
  DOCX_MIME,
  "model/gltf-binary",
  "model/gltf+json",
  "application/octet-stream",
];

/** Names browsers really report for the spec's audio types (Chrome: audio/x-wav, Safari: audio/x-m4a…). */
const MIME_ALIASES: readonly string[] = ["audio/x-wav", "audio/wave", "audio/x-m4a", "audio/mp4", "audio/x-flac", "audio/x-aac"];

export const AUDIO_EXTENSIONS: readonly string[] = ["mp3", "wav", "ogg", "aac", "flac", "m4a", "opus", "weba"];

/** Text and code files: no magic bytes, accepted by name and then checked to be UTF-8 (server). */
export const TEXT_EXTENSIONS: readonly string[] = [
  "txt",
  "md",
  "json",
  "csv",
  "log",
  "html",
  "css",
  "js",
  "ts",
  "jsx",
  "tsx",
  "py",
  "rb",
  "java",
  "c",
  "cpp",
  "h",
  "hpp",
  "rs",
  "go",
  "php",
  "sh",
  "zsh",
  "fish",
  "ps1",
];

export const MODEL3D_EXTENSIONS: readonly string[] = ["glb", "gltf"];

/** Every file-name ending the spec accepts whatever the browser says the type is. */
export const ACCEPTED_EXTENSIONS: readonly string[] = [...TEXT_EXTENSIONS, "docx", ...MODEL3D_EXTENSIONS, ...AUDIO_EXTENSIONS];

/** The lower-cased extension of a file name ("" when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** MIME type without parameters, lower-cased: "Text/Plain; charset=utf-8" → "text/plain". */
export const bareMime = (mime: string) => (mime.split(";")[0] ?? "").trim().toLowerCase();

export function isAcceptedUpload(mime: string, fileName: string): boolean {
  const type = bareMime(mime);
  return ACCEPTED_MIME_TYPES.includes(type) || MIME_ALIASES.includes(type) || ACCEPTED_EXTENSIONS.includes(extensionOf(fileName));
}

/**
 * The kind of node a file makes (spec canvas 5 "Drop media type"): video/ and audio/ MIME types first;
 * then glb/gltf → model3d (checked before text so a .gltf sent as text/plain still opens in the viewer);
 * text/ or a code extension → text; everything else → image. A .docx counts as text too: it is a document,
 * and an image node could not show it.
 */
export function mediaKindForFile(mime: string, fileName: string): UploadKind {
  const type = bareMime(mime);
  const ext = extensionOf(fileName);
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (MODEL3D_EXTENSIONS.includes(ext) || type.startsWith("model/gltf")) return "model3d";
  if (type.startsWith("text/") || TEXT_EXTENSIONS.includes(ext) || ext === "docx" || type === DOCX_MIME) return "text";
  return "image";
}

/**
 * Why a drop on the canvas is refused, or null when it may go ahead (spec canvas 5): edit rights first,
 * then only image or video files, then one file at a time.
 */
export function checkCanvasDrop(files: readonly { type: string; name: string }[], canEdit: boolean): string | null {
  if (!canEdit) return UPLOAD_MESSAGES.noEditPermission;
  const isMedia = (f: { type: string }) => /^(image|video)\//.test(bareMime(f.type));
  if (files.length === 0 || !files.every(isMedia)) return UPLOAD_MESSAGES.dropMediaOnly;
  if (files.length > 1) return UPLOAD_MESSAGES.dropOneFile;
  return null;
}

// --- request bodies of POST /api/upload-media

const nodeIdSchema = z
  .string({ error: "nodeId is required" })
  .trim()
  .min(1, "nodeId is required")
  .max(200, "nodeId must be at most 200 characters");

/** The node's content type the client had in mind ("image", …); informational, the bytes decide. */
const declaredContentTypeSchema = z.string().trim().max(100).optional();

/** Multipart text fields next to `file` (all arrive as strings). */
export const uploadFieldsSchema = z.strictObject({
  nodeId: nodeIdSchema,
  contentType: declaredContentTypeSchema,
  projectId: projectIdSchema,
});

/** JSON body of a URL upload: the server fetches the URL (SSRF-guarded) and stores the bytes. */
export const urlUploadSchema = z.strictObject({
  nodeId: nodeIdSchema,
  url: z.url({ protocol: /^https?$/, error: "Please enter a valid http or https URL" }).max(4000, "URL is too long"),
  contentType: declaredContentTypeSchema,
  projectId: projectIdSchema,
});

export const uploadResultSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  type: z.enum(["image", "video", "audio", "text", "model3d"]),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  content: z.string().optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
