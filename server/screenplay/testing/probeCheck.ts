/**
 * Final Draft probes (check:pagination): tiny scripts a screenwriter opened in Final Draft, with where Final
 * Draft put one speech: split across two pages (the words the top part ends on and the bottom part starts
 * on) or pushed whole onto one page. SimonGZ/jumpcut's `tests/fixtures/fd-probes/*` have this shape
 * (`source.fountain` + `expected.json`). A probe is checked against our own pagination, so it tests the
 * break rules themselves rather than the PDF writer.
 */
import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import { paginate, type Page } from "../../../domain/screenplay/paginate";
import { z } from "zod";

export const probeSchema = z.object({
  probe_id: z.string(),
  status: z.enum(["draft", "active"]),
  lines_per_page: z.number().int().positive().optional(),
  target: z.object({ kind: z.literal("dialogue"), contains_text: z.string().min(1), speaker: z.string().optional() }),
  expected: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("split"),
      top_page: z.number().int(),
      bottom_page: z.number().int(),
      top_fragment_ends_with: z.string(),
      bottom_fragment_starts_with: z.string(),
    }),
    z.object({
      kind: z.literal("push-whole"),
      absent_from_page: z.number().int(),
      whole_on_page: z.number().int(),
      starts_with: z.string(),
    }),
  ]),
});
export type Probe = z.infer<typeof probeSchema>;

export interface ProbeResult {
  ok: boolean;
  /** What we did, in the probe's own terms ("split 1/2: … | …", "whole on page 2: …"). */
  ours: string;
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The speech (cue, parentheticals, dialogue) holding the target text: its element ids. */
function targetSpeech(elements: readonly ScreenplayElement[], probe: Probe): Set<string> | null {
  const needle = squash(probe.target.contains_text);
  const at = elements.findIndex((e) => e.type === "dialogue" && squash(e.content).includes(needle));
  if (at < 0) return null;
  let start = at;
  while (start > 0 && (elements[start - 1]!.type === "dialogue" || elements[start - 1]!.type === "parenthetical")) start--;
  if (start > 0 && elements[start - 1]!.type === "character") start--;
  const cue = elements[start]!;
  if (probe.target.speaker && !(cue.type === "character" && squash(cue.content).toUpperCase().startsWith(probe.target.speaker)))
    return null;
  let end = at;
  while (end + 1 < elements.length && ["dialogue", "parenthetical"].includes(elements[end + 1]!.type)) end++;
  return new Set(elements.slice(start, end + 1).map((e) => e.id));
}

/** Per page, the speech's spoken lines (parentheticals and dialogue; no cue, no "(MORE)"), as one string. */
function speechTextByPage(pages: readonly Page[], ids: Set<string>): Map<number, string> {
  const byPage = new Map<number, string>();
  for (const page of pages) {
    const words = page.lines
      .filter((l) => l.elementId && ids.has(l.elementId) && (l.kind === "dialogue" || l.kind === "parenthetical"))
      .map((l) => l.text);
    if (words.length) byPage.set(page.number, squash(words.join(" ")));
  }
  return byPage;
}

export function checkProbe(elements: readonly ScreenplayElement[], probe: Probe): ProbeResult {
  const ids = targetSpeech(elements, probe);
  if (!ids) return { ok: false, ours: `no speech holds “${probe.target.contains_text}”` };
  const pages = paginate(elements, probe.lines_per_page ? { linesPerPage: probe.lines_per_page } : {});
  const byPage = speechTextByPage(pages, ids);
  const numbers = [...byPage.keys()];
  const e = probe.expected;
  if (numbers.length === 2) {
    const [top, bottom] = numbers as [number, number];
    const ours = `split ${top}/${bottom}: …${byPage.get(top)!.slice(-40)} | ${byPage.get(bottom)!.slice(0, 40)}…`;
    const ok =
      e.kind === "split" &&
      top === e.top_page &&
      bottom === e.bottom_page &&
      byPage.get(top)!.endsWith(squash(e.top_fragment_ends_with)) &&
      byPage.get(bottom)!.startsWith(squash(e.bottom_fragment_starts_with));
    return { ok, ours };
  }
  if (numbers.length === 1) {
    const [only] = numbers as [number];
    const ours = `whole on page ${only}: ${byPage.get(only)!.slice(0, 40)}…`;
    const ok = e.kind === "push-whole" && only === e.whole_on_page && byPage.get(only)!.startsWith(squash(e.starts_with));
    return { ok, ours };
  }
  return { ok: false, ours: `spread over pages ${numbers.join(", ")}` };
}

/** What Final Draft did, in the same words as `ProbeResult.ours`. */
export function describeExpected(probe: Probe): string {
  const e = probe.expected;
  return e.kind === "split"
    ? `split ${e.top_page}/${e.bottom_page}: …${e.top_fragment_ends_with} | ${e.bottom_fragment_starts_with}…`
    : `whole on page ${e.whole_on_page}: ${e.starts_with}…`;
}
