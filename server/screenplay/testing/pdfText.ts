import { spawnSync } from "node:child_process";

/** A PDF's pages as text (poppler's `pdftotext -layout`), one string per page. */
export function pdfPages(file: string): string[] {
  const run = spawnSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`pdftotext failed on ${file}: ${run.stderr}`);
  const pages = run.stdout.split("\f");
  if (pages.length && pages[pages.length - 1]!.trim() === "") pages.pop();
  return pages;
}
