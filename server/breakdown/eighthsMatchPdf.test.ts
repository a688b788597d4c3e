import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breakDown } from "../../domain/breakdown/breakDown";
import { breakdownReport } from "../../domain/breakdown/report";
import type { ScriptFormat } from "../../domain/screenplay/format";
import { pageCount } from "../../domain/screenplay/paginate";
import { scriptOfPages } from "../screenplay/pagedScript";
import { renderScreenplayPdf } from "../screenplay/pdf";

// poppler's pdfinfo (Debian poppler-utils), as pdf.test uses
const pdfPages = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "eighths-")), "script.pdf");
  fs.writeFileSync(file, pdf);
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
};

describe("the breakdown's eighths come from the PDF's pagination in the script's own format", () => {
  it("adds up to the PDF's page count on a generated 120-page script with double-spaced dialogue", async () => {
    const script = scriptOfPages(120);
    // a multi-camera format: dialogue double-spaced, as an .fdx's ElementSettings may say
    const format: ScriptFormat = { elements: { dialogue: { spacing: 2 } } };
    const pages = pdfPages(await renderScreenplayPdf({ ...script, titlePage: {}, format }, { paper: "letter", sceneNumbers: "none" }));
    expect(pages).toBe(pageCount(script.elements, undefined, format));
    expect(pages).toBeGreaterThan(130); // the format matters: more than the default's 120 pages

    const report = breakdownReport(script.elements, format);
    // each scene rounds to the nearest eighth (at least 1/8): the sum stays within half an eighth a scene of the PDF's
    const slack = 8 + report.scenes.length / 2;
    expect(Math.abs(report.totalEighths - pages * 8)).toBeLessThanOrEqual(slack);
    expect(breakDown(script.elements, { format }).scenes.map((s) => s.link.eighths)).toEqual(report.scenes.map((s) => s.eighths));
    // without the format the figure would be the default layout's, far from this PDF
    expect(Math.abs(breakdownReport(script.elements).totalEighths - pages * 8)).toBeGreaterThan(slack);
  });
});
