/**
 * A script's page format: what an .fdx says in its ElementSettings, PageLayout and MoresAndContinueds, kept
 * so that pages break where Final Draft breaks them and an FDX round trip gives the file's settings back.
 * Everything is optional: what a file does not say falls back to Final Draft's defaults (FD_DEFAULTS), and
 * Fountain and new scripts have no format at all.
 *
 * Units are Final Draft's own: indents and page size in inches, margins and space before in points.
 */
import { z } from "zod";
import { ELEMENT_TYPES, type ElementType } from "./elementTypes";

const inches = z.number().min(-20).max(40);
const points = z.number().min(0).max(1440);

export const elementStyleSchema = z.object({
  font: z.string().max(100),
  size: z.number().min(4).max(72),
  allCaps: z.boolean(),
  bold: z.boolean(),
  italic: z.boolean(),
  underline: z.boolean(),
  align: z.enum(["left", "center", "right"]),
  /** The first line's indent relative to `left` (a parenthetical's "(" hangs: -0.10). */
  firstIndent: inches,
  left: inches,
  right: inches,
  /** Space before the paragraph, in points (12 = one line). */
  spaceBefore: points,
  /** Line spacing: 1, 1.5 or 2 (a multi-camera comedy's double-spaced dialogue). */
  spacing: z.number().min(0.5).max(4),
});
export type ElementStyle = z.infer<typeof elementStyleSchema>;

export const pageLayoutSchema = z.object({
  /** Page size in inches. */
  width: z.number().min(2).max(40),
  height: z.number().min(2).max(40),
  /** Margins in points. */
  top: points,
  bottom: points,
  header: points,
  footer: points,
  /** Final Draft's "break dialogue and action at sentences". */
  breakAtSentences: z.boolean(),
});
export type PageLayout = z.infer<typeof pageLayoutSchema>;

export const continuedsSchema = z.object({
  more: z.string().max(100),
  contd: z.string().max(100),
  /** Print (MORE) at the foot of a page that splits a speech, and NAME (CONT'D) at the top of the next. */
  moreAtBottom: z.boolean(),
  contdAtTop: z.boolean(),
  automaticCharacterContinueds: z.boolean(),
  sceneBottom: z.string().max(100),
  sceneTop: z.string().max(100),
  sceneBottomOfPage: z.boolean(),
  sceneTopOfNext: z.boolean(),
});
export type Continueds = z.infer<typeof continuedsSchema>;

const elementsShape = Object.fromEntries(ELEMENT_TYPES.map((t) => [t, elementStyleSchema.partial().optional()])) as {
  [K in ElementType]: z.ZodOptional<z.ZodObject<{ [F in keyof ElementStyle]: z.ZodOptional<(typeof elementStyleSchema.shape)[F]> }>>;
};

export const scriptFormatSchema = z.object({
  page: pageLayoutSchema.partial().optional(),
  elements: z.object(elementsShape).optional(),
  continueds: continuedsSchema.partial().optional(),
});
export type ScriptFormat = z.infer<typeof scriptFormatSchema>;

export interface ResolvedFormat {
  page: PageLayout;
  elements: Record<ElementType, ElementStyle>;
  continueds: Continueds;
}

const style = (over: Partial<ElementStyle>): ElementStyle => ({
  font: "Courier Final Draft",
  size: 12,
  allCaps: false,
  bold: false,
  italic: false,
  underline: false,
  align: "left",
  firstIndent: 0,
  left: 1.5,
  right: 7.5,
  spaceBefore: 12,
  spacing: 1,
  ...over,
});

/** Final Draft's own defaults (its screenplay template, as in every file it saves). */
export const FD_DEFAULTS: ResolvedFormat = {
  page: { width: 8.5, height: 11, top: 72, bottom: 72, header: 36, footer: 36, breakAtSentences: true },
  elements: {
    slug: style({ allCaps: true, spaceBefore: 24 }),
    action: style({}),
    character: style({ allCaps: true, left: 3.5, right: 7.25 }),
    parenthetical: style({ firstIndent: -0.1, left: 3.0, right: 5.5, spaceBefore: 0 }),
    dialogue: style({ left: 2.5, right: 6.0, spaceBefore: 0 }),
    transition: style({ allCaps: true, align: "right", left: 5.5, right: 7.1 }),
    shot: style({ allCaps: true }),
  },
  continueds: {
    more: "(MORE)",
    contd: "(CONT'D)",
    moreAtBottom: true,
    contdAtTop: true,
    automaticCharacterContinueds: true,
    sceneBottom: "(CONTINUED)",
    sceneTop: "CONTINUED:",
    sceneBottomOfPage: false,
    sceneTopOfNext: false,
  },
};

/** The format with Final Draft's defaults where the script says nothing. */
export function resolveFormat(format?: ScriptFormat | null): ResolvedFormat {
  if (!format) return FD_DEFAULTS;
  const elements = { ...FD_DEFAULTS.elements };
  for (const t of ELEMENT_TYPES) elements[t] = { ...FD_DEFAULTS.elements[t], ...stripUndefined(format.elements?.[t] ?? {}) };
  return {
    page: { ...FD_DEFAULTS.page, ...stripUndefined(format.page ?? {}) },
    elements,
    continueds: { ...FD_DEFAULTS.continueds, ...stripUndefined(format.continueds ?? {}) },
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Body lines on a page: the space between the top and bottom margins at 6 lines per inch (54 on Letter). */
export function linesPerPage(page: PageLayout): number {
  return Math.max(1, Math.floor((page.height * 72 - page.top - page.bottom) / 12 + 1e-6));
}

/** The paper a page layout prints on (A4 when it is taller than Letter). */
export function paperOf(page: Pick<PageLayout, "height">): "letter" | "a4" {
  return page.height > 11.3 ? "a4" : "letter";
}
