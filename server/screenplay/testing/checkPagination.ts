import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { importScript } from "../importScript";
import { renderScreenplayPdf } from "../pdf";
import { pdfPages } from "./pdfText";
import { comparePageStarts, pageKeys, type BreakComparison } from "./pageBreaks";
import { checkProbe, describeExpected, probeSchema } from "./probeCheck";

/**
 * `npm run check:pagination -- DIR`: how close our pages come to Final Draft's.
 *
 * For every NAME.fdx in DIR: imports it through the real importer, exports its PDF through the real exporter
 * (in the file's own page layout), and compares our pages with Final Draft's reference: NAME.pdf or NAME-reference.pdf (read with
 * `pdftotext -layout`, one page at a time) or, for corpora that ship only extracted text, NAME.pages.json
 * (`{ pages: [{ number, text }] }`). Prints, per script and overall, the share of Final Draft's page breaks
 * whose next page starts on the same words as one of ours, and both page counts (title pages not counted).
 *
 * A DIR of folders holding `source.fountain` + `expected.json` is a set of Final Draft probes (probeCheck.ts):
 * each prints whether our pagination splits or pushes its speech where Final Draft did. Several DIRs may be
 * given (`-- corpus/ probes/`).
 */

function referencePages(dir: string, name: string): string[] | null {
  // jumpcut's import fixtures name their Final Draft PDF NAME-reference.pdf
  for (const pdf of [join(dir, `${name}.pdf`), join(dir, `${name}-reference.pdf`)]) {
    if (existsSync(pdf)) return pdfPages(pdf);
  }
  const json = join(dir, `${name}.pages.json`);
  if (existsSync(json)) {
    const parsed = JSON.parse(readFileSync(json, "utf8")) as { pages: { number: number; text: string }[] };
    return parsed.pages.sort((a, b) => a.number - b.number).map((p) => p.text);
  }
  return null;
}

async function ourPages(fdxFile: string, work: string): Promise<{ pages: string[]; titlePages: number }> {
  const script = importScript("fdx", readFileSync(fdxFile));
  // no paper asked for: the file's own page layout
  const pdf = await renderScreenplayPdf(script, { sceneNumbers: "both" });
  const out = join(work, `${basename(fdxFile, ".fdx")}.pdf`);
  writeFileSync(out, pdf);
  const pages = pdfPages(out);
  const bodyPages = pages.length - titlePageCount(script);
  return { pages, titlePages: pages.length - bodyPages };
}

function titlePageCount(script: ReturnType<typeof importScript>): number {
  return (script.titlePage.title ? 1 : 0) + (script.titlePage.frontMatter?.pages.length ?? 0);
}

/** Title pages are shown only where a file has some: "title pages ours 2 / Final Draft 2". */
function titlePagesNote(cmp: BreakComparison): string {
  if (cmp.ourTitlePages === 0 && cmp.refTitlePages === 0) return "";
  return `   title pages ours ${cmp.ourTitlePages} / Final Draft ${cmp.refTitlePages} (${cmp.titlePagesAlike} start alike)`;
}

const pct = (n: number, d: number) => (d === 0 ? "–" : `${((100 * n) / d).toFixed(1)}%`);

function checkProbes(dir: string): void {
  const folders = readdirSync(dir)
    .filter((f) => existsSync(join(dir, f, "expected.json")) && existsSync(join(dir, f, "source.fountain")))
    .sort();
  let active = 0;
  let agreed = 0;
  for (const folder of folders) {
    const probe = probeSchema.parse(JSON.parse(readFileSync(join(dir, folder, "expected.json"), "utf8")));
    const script = importScript("fountain", readFileSync(join(dir, folder, "source.fountain")));
    const result = checkProbe(script.elements, probe);
    const counted = probe.status === "active";
    if (counted) {
      active++;
      if (result.ok) agreed++;
    }
    const verdict = !counted ? "draft" : result.ok ? "same" : "DIFFERS";
    console.log(`${folder.padEnd(40)} ${verdict.padEnd(7)} ours: ${result.ours}`);
    if (!result.ok) console.log(`${"".padEnd(40)} ${"".padEnd(7)} Final Draft: ${describeExpected(probe)}`);
  }
  console.log(`${"probes".padEnd(40)} same as Final Draft ${agreed}/${active} active (${pct(agreed, active)}); drafts not counted`);
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2).filter((a) => a !== "--");
  if (dirs.length === 0) {
    console.error("usage: npm run check:pagination -- DIR…   (DIR holds NAME.fdx with NAME.pdf or NAME.pages.json, or probe folders)");
    process.exit(2);
  }
  for (const dir of dirs) {
    if (readdirSync(dir).some((f) => existsSync(join(dir, f, "expected.json")))) checkProbes(dir);
    else await checkCorpus(dir);
  }
}

async function checkCorpus(dir: string): Promise<void> {
  const names = readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith(".fdx"))
    .map((f) => f.slice(0, -4))
    .sort();
  const work = mkdtempSync(join(tmpdir(), "reelgraph-pagination-"));
  const results: (BreakComparison & { name: string })[] = [];
  try {
    for (const name of names) {
      const ref = referencePages(dir, name);
      if (!ref) {
        console.log(`${name}: no ${name}.pdf or ${name}.pages.json next to it, skipped`);
        continue;
      }
      let ours: Awaited<ReturnType<typeof ourPages>>;
      try {
        ours = await ourPages(join(dir, `${name}.fdx`), work);
      } catch (e) {
        console.log(`${name}: import or export failed: ${(e as Error).message}`);
        continue;
      }
      const cmp = comparePageStarts(pageKeys(ref), pageKeys(ours.pages), ours.titlePages);
      results.push({ name, ...cmp });
      console.log(
        `${name.padEnd(28)} same-word breaks ${String(cmp.matched).padStart(4)}/${String(cmp.breaks).padEnd(4)} ${pct(cmp.matched, cmp.breaks).padStart(6)}   pages ours ${String(cmp.ourPages).padStart(3)} / Final Draft ${cmp.refPages}${cmp.ourPages === cmp.refPages ? "" : "  ≠"}${titlePagesNote(cmp)}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const matched = results.reduce((n, r) => n + r.matched, 0);
  const breaks = results.reduce((n, r) => n + r.breaks, 0);
  const equal = results.filter((r) => r.ourPages === r.refPages).length;
  console.log(
    `${"overall".padEnd(28)} same-word breaks ${String(matched).padStart(4)}/${String(breaks).padEnd(4)} ${pct(matched, breaks).padStart(6)}   equal page counts ${equal}/${results.length}`,
  );
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
