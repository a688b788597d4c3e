import { z } from "zod";
import {
  ELEMENT_TYPE_LABELS,
  SCRIPT_ELEMENT_MAX_CHARS,
  screenplayElementSchema,
  scriptMetadataSchema,
  type ElementType,
} from "./screenplay/elements";

export const SCRIPT_FILE_TYPES = ["screenplay", "note", "character", "location", "research"] as const;
export type ScriptFileType = (typeof SCRIPT_FILE_TYPES)[number];

export const SCRIPT_MESSAGES = {
  createFailed: "Failed to create script. Please try again.",
  deleteFailed: (kind: "script" | "shotList") => `Failed to delete ${kind}. Please try again.`,
  uploadFailed: "Failed to upload script. Please try again.",
  onlyFdxDocx: "Please select a .fdx or .docx file only",
  fdxExtension: "File must be a .fdx file",
  fdxTooLarge: "File size must be less than 10MB",
  docxExtension: "File must be a .docx file",
  docxTooLarge: "File size must be less than 50MB",
  empty: "File cannot be empty",
  docxTooSmall: "File appears to be corrupted or not a valid DOCX file",
  notFound: "Script not found",
} as const;

export const FDX_MAX_BYTES = 10 * 1024 * 1024;
export const DOCX_MAX_BYTES = 52_428_800;
export const DOCX_MIN_BYTES = 1000;
export const FOUNTAIN_MAX_BYTES = 10 * 1024 * 1024;

export const scriptNameSchema = z
  .string({ error: "Script name is required" })
  .trim()
  .min(1, "Script name is required")
  .max(200, "Script name must be at most 200 characters");

export const createScriptSchema = z.strictObject({
  name: scriptNameSchema,
  fileType: z.enum(SCRIPT_FILE_TYPES).default("screenplay"),
});

/** A rename from the script's card: the name alone, which never conflicts with edits to the text. */
export const renameScriptSchema = z.strictObject({ name: scriptNameSchema });

export const SCRIPT_MAX_ELEMENTS = 20_000;

/** What an imported script is refused with when the editor could never save it back. */
export const SCRIPT_IMPORT_MESSAGES = {
  tooManyElements: (count: number) =>
    `This script has ${count.toLocaleString("en-US")} elements; a script may have at most ${SCRIPT_MAX_ELEMENTS.toLocaleString("en-US")}. Split it into smaller files and import each.`,
  elementTooLong: (position: number, type: string) =>
    `Element ${position.toLocaleString("en-US")} of this script (${type}) is longer than ${SCRIPT_ELEMENT_MAX_CHARS.toLocaleString("en-US")} characters, the most one element may hold.`,
  elementInvalid: (position: number, detail: string) =>
    `Element ${position.toLocaleString("en-US")} of this script cannot be kept: ${detail}`,
  tooManyParagraphs: (count: number) =>
    `This document has ${count.toLocaleString("en-US")} paragraphs, more than a script of at most ${SCRIPT_MAX_ELEMENTS.toLocaleString("en-US")} elements is written in. Split it into smaller files and import each.`,
} as const;

/**
 * The most paragraphs a DOCX may have, counted before its XML is parsed (parsing 100,000 paragraphs takes
 * seconds): a script's elements with blank paragraphs between them, and room to spare.
 */
export const DOCX_MAX_PARAGRAPHS = 3 * SCRIPT_MAX_ELEMENTS;

/**
 * The refusal for imported elements a save of the script would refuse (the count, then each element
 * against the editor's own element schema), or null when the script can be kept and edited.
 */
export function importedElementsProblem(elements: readonly unknown[]): string | null {
  if (elements.length > SCRIPT_MAX_ELEMENTS) return SCRIPT_IMPORT_MESSAGES.tooManyElements(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const checked = screenplayElementSchema.safeParse(elements[i]);
    if (checked.success) continue;
    const issue = checked.error.issues[0];
    const element = elements[i] as { type?: string; content?: unknown };
    if (issue?.path[0] === "content" && typeof element.content === "string" && element.content.length > SCRIPT_ELEMENT_MAX_CHARS) {
      return SCRIPT_IMPORT_MESSAGES.elementTooLong(i + 1, ELEMENT_TYPE_LABELS[element.type as ElementType] ?? "element");
    }
    return SCRIPT_IMPORT_MESSAGES.elementInvalid(i + 1, `${issue?.path.join(".") || "element"}: ${issue?.message ?? "invalid"}`);
  }
  return null;
}

export const BASE_VERSION_REQUIRED = "baseVersion is required: the version this save was made from";

export const updateScriptSchema = z
  .strictObject({
    elements: z
      .array(screenplayElementSchema)
      .max(SCRIPT_MAX_ELEMENTS, `A script may have at most ${SCRIPT_MAX_ELEMENTS} elements`)
      .optional(),
    content: z.string().max(2_000_000).optional(),
    metadata: scriptMetadataSchema.optional(),
    name: scriptNameSchema.optional(),
    /**
     * The version the client edited; an older one is refused (409) so a stale tab cannot overwrite. Required:
     * a save that names no version would silently replace whatever was saved meanwhile.
     */
    baseVersion: z.number({ error: BASE_VERSION_REQUIRED }).int().positive(),
  })
  .refine((v) => v.elements || v.content !== undefined || v.metadata || v.name, "Nothing to update");

export const exportQuerySchema = z.object({
  format: z.enum(["fdx", "fountain", "docx", "pdf"], { error: "format must be fdx, fountain, docx or pdf" }),
  /** Absent: the script's own page size (an .fdx's PageLayout), else Letter. */
  paper: z.enum(["letter", "a4"]).optional(),
  sceneNumbers: z.enum(["none", "left", "right", "both"]).default("none"),
});

/**
 * Which file an upload is, from its name, and the spec's checks (shell 5 "Script upload"); Fountain is
 * accepted too (the issue adds it). Returns the refusal message, or null.
 */
export function checkScriptUpload(fileName: string, size: number): { kind: "fdx" | "docx" | "fountain" } | { error: string } {
  const lower = fileName.toLowerCase();
  const kind = lower.endsWith(".fdx")
    ? "fdx"
    : lower.endsWith(".docx")
      ? "docx"
      : lower.endsWith(".fountain") || lower.endsWith(".spmd")
        ? "fountain"
        : null;
  if (!kind) return { error: "Please select a .fdx, .docx or .fountain file only" };
  if (size === 0) return { error: SCRIPT_MESSAGES.empty };
  if (kind === "fdx" && size > FDX_MAX_BYTES) return { error: SCRIPT_MESSAGES.fdxTooLarge };
  if (kind === "fountain" && size > FOUNTAIN_MAX_BYTES) return { error: "File size must be less than 10MB" };
  if (kind === "docx" && size > DOCX_MAX_BYTES) return { error: SCRIPT_MESSAGES.docxTooLarge };
  if (kind === "docx" && size < DOCX_MIN_BYTES) return { error: SCRIPT_MESSAGES.docxTooSmall };
  return { kind };
}

/** The suggested script name from an uploaded file's name (spec: shell 5). */
export const nameFromFileName = (fileName: string) =>
  fileName
    .replace(/\.(fdx|docx|fountain|spmd)$/i, "")
    .replace(/[_]+/g, " ")
    .trim() || "Untitled Script";

export interface ScriptSummary {
  id: string;
  projectId: string;
  name: string;
  fileType: ScriptFileType;
  preview: { type: string; content: string }[];
  lastEditedAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface ScriptFile extends Omit<ScriptSummary, "preview"> {
  elements: z.infer<typeof screenplayElementSchema>[];
  content: string;
  metadata: z.infer<typeof scriptMetadataSchema>;
  version: number;
  lastEditedBy: string | null;
}
