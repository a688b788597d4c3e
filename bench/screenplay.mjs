// bench/screenplay: parse, paginate and render a 120-page script to PDF; goal: under 1 s in total on this
// machine. Run with `npm run bench:screenplay` (node --import tsx, so the TypeScript sources load as they are).
//
// The script is generated (domain/screenplay/fixtures.ts, cut to exactly 120 Letter pages), written as Fountain
// with the shared writer, then per repetition: parse the Fountain text, paginate the elements, render the
// pages to PDF (pdfkit, Courier Prime + fallbacks). One cold run first (it also loads and parses the fonts,
// once per process), then the median of 5. The DOCX export is timed too, for information.
// Printed figures, not a pass/fail test: it exits 0 when the goal is missed and non-zero only when the
// measurement itself broke (wrong page count, empty PDF).
import os from "node:os";
import { parseFountain, writeFountain } from "../domain/screenplay/fountain.ts";
import { paginate } from "../domain/screenplay/paginate.ts";
import { renderScreenplayDocx } from "../server/screenplay/docx.ts";
import { scriptOfPages } from "../server/screenplay/pagedScript.ts";
import { renderPagesPdf } from "../server/screenplay/pdf.ts";
import { BenchBroken, fmt, median, runBench, verdict } from "./lib/studio.mjs";

const PAGES = 120;
const REPS = Math.max(5, Number(process.env.BENCH_REPS ?? 5));
const GOAL_MS = 1000;
const OPTIONS = { paper: "letter", sceneNumbers: "both" };

async function once(fountain) {
  const t0 = performance.now();
  const script = parseFountain(fountain);
  const t1 = performance.now();
  const pages = paginate(script.elements, { paper: OPTIONS.paper });
  const t2 = performance.now();
  const pdf = await renderPagesPdf(pages, script.titlePage, OPTIONS);
  const t3 = performance.now();
  if (pages.length !== PAGES) throw new BenchBroken(`expected ${PAGES} pages, paginated ${pages.length}`);
  if (pdf.length < 10_000 || pdf.subarray(0, 5).toString() !== "%PDF-") throw new BenchBroken("the PDF is not a PDF");
  return { parse: t1 - t0, paginate: t2 - t1, render: t3 - t2, total: t3 - t0, bytes: pdf.length, script };
}

async function main() {
  console.log(`Screenplay export benchmark — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"})`);
  const script = scriptOfPages(PAGES);
  const fountain = writeFountain(script);
  console.log(
    `Script: ${script.elements.length} elements, ${PAGES} Letter pages (+ title page), Fountain ${(fountain.length / 1024).toFixed(0)} KiB`,
  );

  const cold = await once(fountain);
  const runs = [];
  for (let i = 0; i < REPS; i++) runs.push(await once(fountain));
  const m = (k) => median(runs.map((r) => r[k]));

  const docxTimes = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await renderScreenplayDocx(cold.script, OPTIONS);
    docxTimes.push(performance.now() - t);
  }

  const row = (label, ms, note = "") => console.log(`  ${label.padEnd(22)} ${fmt(ms, 1, " ms").padStart(10)}  ${note}`);
  console.log(`\nCold run (first in this process, fonts loaded and parsed once):`);
  row("parse (Fountain)", cold.parse);
  row("paginate", cold.paginate);
  row("render PDF", cold.render);
  row("total", cold.total, `${fmt(cold.total / GOAL_MS, 2)}× of the 1 s goal`);
  console.log(`\nMedian of ${REPS} after the cold run:`);
  row("parse (Fountain)", m("parse"), `${fmt((m("parse") / GOAL_MS) * 100, 1)} % of the goal`);
  row("paginate", m("paginate"), `${fmt((m("paginate") / GOAL_MS) * 100, 1)} % of the goal`);
  row("render PDF", m("render"), `${fmt((m("render") / GOAL_MS) * 100, 1)} % of the goal, ${(runs[0].bytes / 1024).toFixed(0)} KiB`);
  row("total", m("total"), `${fmt(m("total") / GOAL_MS, 2)}× of the 1 s goal`);
  row("(info) DOCX export", median(docxTimes), "median of 3, not part of the goal");

  console.log(`\n${verdict(m("total") < GOAL_MS)} total < 1 s: ${fmt(m("total"), 0, " ms")} (ratio ${fmt(m("total") / GOAL_MS, 2)})`);
  console.log(`${verdict(cold.total < GOAL_MS)} cold total < 1 s: ${fmt(cold.total, 0, " ms")} (ratio ${fmt(cold.total / GOAL_MS, 2)})`);
}

await runBench(main);
