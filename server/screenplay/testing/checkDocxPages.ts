import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { importScript } from "../importScript";
import { renderScreenplayDocx } from "../docx";
import { renderScreenplayPdf } from "../pdf";
import { pdfPages } from "./pdfText";
import { comparePageStarts, pageKeys } from "./pageBreaks";

/**
 * `npm run check:docx -- DIR`: does a word processor lay our DOCX out on the PDF's pages?
 *
 * For every NAME.fdx in DIR: imports it, exports both PDF and DOCX, has LibreOffice (`soffice --headless`,
 * Debian's libreoffice-writer-nogui) turn the DOCX into a PDF, and compares that PDF's page starts with ours
 * as check:pagination does with Final Draft's: the share of our page breaks that LibreOffice makes on the same
 * word, and both page counts (a page LibreOffice spills over shows as one more).
 */

async function main(): Promise<void> {
  const dir = process.argv.slice(2).find((a) => a !== "--");
  if (!dir) {
    console.error("usage: npm run check:docx -- DIR   (DIR holds .fdx files)");
    process.exit(2);
  }
  if (spawnSync("soffice", ["--version"]).status !== 0) {
    console.error("check:docx needs LibreOffice: apt-get install -y --no-install-recommends libreoffice-writer-nogui");
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), "reelgraph-docx-"));
  let matched = 0;
  let breaks = 0;
  let equal = 0;
  let scripts = 0;
  try {
    for (const file of readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith(".fdx"))
      .sort()) {
      const name = basename(file, ".fdx");
      const script = importScript("fdx", readFileSync(join(dir, file)));
      writeFileSync(join(work, `${name}.pdf`), await renderScreenplayPdf(script, { sceneNumbers: "both" }));
      writeFileSync(join(work, `${name}.docx`), await renderScreenplayDocx(script, { paper: undefined, sceneNumbers: "both" }));
      const out = join(work, "lo");
      const run = spawnSync("soffice", ["--headless", "--convert-to", "pdf", "--outdir", out, join(work, `${name}.docx`)], {
        encoding: "utf8",
        env: { ...process.env, HOME: work },
      });
      if (run.status !== 0) {
        console.log(`${name}: LibreOffice could not convert the DOCX: ${run.stderr}`);
        continue;
      }
      const ours = pdfPages(join(work, `${name}.pdf`));
      const word = pdfPages(join(out, `${name}.pdf`));
      const titlePages = (script.titlePage.title ? 1 : 0) + (script.titlePage.frontMatter?.pages.length ?? 0);
      const cmp = comparePageStarts(pageKeys(ours.slice(titlePages)), pageKeys(word.slice(titlePages)), 0);
      scripts++;
      matched += cmp.matched;
      breaks += cmp.breaks;
      if (cmp.ourPages === cmp.refPages) equal++;
      console.log(
        `${name.padEnd(28)} same-word breaks ${String(cmp.matched).padStart(4)}/${String(cmp.breaks).padEnd(4)}   pages LibreOffice ${String(cmp.ourPages).padStart(3)} / our PDF ${cmp.refPages}${cmp.ourPages === cmp.refPages ? "" : "  ≠"}`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const pct = breaks === 0 ? "–" : `${((100 * matched) / breaks).toFixed(1)}%`;
  console.log(
    `${"overall".padEnd(28)} same-word breaks ${String(matched).padStart(4)}/${String(breaks).padEnd(4)} ${pct}   equal page counts ${equal}/${scripts}`,
  );
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
