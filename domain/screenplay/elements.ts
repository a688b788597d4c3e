import { frontMatterSchema } from "./frontMatter";
import { z } from "zod";

import { ELEMENT_TYPES, type ElementType } from "./elementTypes";
import { scriptFormatSchema, type ScriptFormat } from "./format";

export { ELEMENT_TYPES, type ElementType } from "./elementTypes";

export const elementTypeSchema = z.enum(ELEMENT_TYPES);

/** The names writers know the types by (the editor's help bar, FDX paragraph types). */
export const ELEMENT_TYPE_LABELS: Readonly<Record<ElementType, string>> = {
  slug: "Scene Heading",
  action: "Action",
  character: "Character",
  dialogue: "Dialogue",
  parenthetical: "Parenthetical",
  transition: "Transition",
  shot: "Shot",
};

/** The most characters one element may hold (the editor's and every save's rule). */
export const SCRIPT_ELEMENT_MAX_CHARS = 20_000;

/**
 * One paragraph of a screenplay. Beyond the spec's fields (id, type, content, revision) it carries what
 * round trips through FDX and Fountain need: a scene number on headings, a dual-dialogue mark on the
 * second speaker's character cue (and its following parenthetical/dialogue), centered action, and
 * page breaks and notes kept as metadata so no writer loses them.
 */
export const screenplayElementSchema = z.object({
  id: z.string().min(1).max(100),
  type: elementTypeSchema,
  content: z.string().max(SCRIPT_ELEMENT_MAX_CHARS),
  revision: z.string().max(40).optional(),
  /** Scene headings: '1', '1A', 'I-1-A' (Fountain #1A#, FDX Number="1A"). */
  sceneNumber: z.string().max(20).optional(),
  /** Set on the character cue of the SECOND speaker of a dual-dialogue pair and on the lines that follow it. */
  dual: z.boolean().optional(),
  /** Action shown centered (Fountain >TEXT<). */
  centered: z.boolean().optional(),
  /** A forced page break before this element (Fountain ===). */
  pageBreakBefore: z.boolean().optional(),
  /**
   * Empty Action paragraphs an .fdx had just before this element: import skips them (spec), but Final Draft
   * prints each as a blank line with its space before, so pagination and the FDX writer keep them.
   */
  blankLinesBefore: z.number().int().min(1).max(100).optional(),
});
export type ScreenplayElement = z.infer<typeof screenplayElementSchema>;

/** Title-page fields (Fountain keys / FDX TitlePage), in print order. */
export const titlePageSchema = z.object({
  title: z.string().max(500).optional(),
  credit: z.string().max(200).optional(),
  author: z.string().max(500).optional(),
  source: z.string().max(500).optional(),
  draftDate: z.string().max(200).optional(),
  contact: z.string().max(2000).optional(),
  /** Other keys, kept so a round trip loses nothing. */
  extra: z.record(z.string(), z.string()).optional(),
  /** The pages an .fdx title page runs on to (a cast list, a writers' note), as laid out (frontMatter.ts). */
  frontMatter: frontMatterSchema.optional(),
});
export type TitlePage = z.infer<typeof titlePageSchema>;

export const scriptMetadataSchema = z.object({
  wordCount: z.number().int().nonnegative().optional(),
  title: z.string().max(500).optional(),
  version: z.number().int().nonnegative().optional(),
  pageCount: z.number().int().nonnegative().optional(),
  titlePage: titlePageSchema.optional(),
  /** The page format an imported .fdx set (ElementSettings, PageLayout, MORE/CONT'D); absent = Final Draft's defaults. */
  format: scriptFormatSchema.optional(),
});
export type ScriptMetadata = z.infer<typeof scriptMetadataSchema>;

export interface ParsedScript {
  elements: ScreenplayElement[];
  titlePage: TitlePage;
  /** The file's own page format (FDX import); absent for Fountain, DOCX and new scripts. */
  format?: ScriptFormat;
}

let counter = 0;
/** Ids like the studio's other ids: a timestamp plus a random suffix (spec: canvas 9). */
export function newElementId(now: number = Date.now(), random: () => number = Math.random): string {
  counter = (counter + 1) % 1_000_000;
  return `el-${now.toString(36)}-${counter.toString(36)}-${Math.floor(random() * 36 ** 5).toString(36)}`;
}
