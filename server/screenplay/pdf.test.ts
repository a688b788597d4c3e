import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ParsedScript } from "../../domain/screenplay/elements";
import { paginate } from "../../domain/screenplay/paginate";
import { scriptOfPages } from "./pagedScript";
import { renderScreenplayPdf } from "./pdf";
import { element as el } from "../../domain/screenplay/fixtures";

// Text extraction uses poppler's pdftotext/pdfinfo (Debian poppler-utils; .ci/run installs it).
const has = (cmd: string) => {
  try {
    execFileSync(cmd, ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
// scripts/ensure-test-tools.mjs installs poppler-utils before the suite runs (or says how to).
if (!has("pdftotext") || !has("pdfinfo")) throw new Error("pdf.test needs pdftotext and pdfinfo: apt-get install -y poppler-utils");

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelgraph-pdf-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function save(name: string, buf: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, buf);
  return file;
}
/** Pages of text (pdftotext -layout), one string per page. */
const pagesText = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).split("\f").slice(0, -1);
const info = (file: string) => execFileSync("pdfinfo", [file], { encoding: "utf8" });
const squash = (s: string) => s.replace(/\s+/g, "");

describe("renderScreenplayPdf", () => {
  const script = scriptOfPages(120);

  it("renders a 120-page generated script: title page + 120 numbered pages", { timeout: 60_000 }, async () => {
    const started = performance.now();
    const buf = await renderScreenplayPdf(script, { paper: "letter", sceneNumbers: "none" });
    const ms = performance.now() - started;
    expect(buf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(ms).toBeLessThan(10_000); // generous: the benchmark tracks the real figure

    const file = save("long.pdf", buf);
    expect(info(file)).toMatch(/Pages:\s+121/);
    expect(info(file)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect(info(file)).toMatch(/Title:\s+THE LONG NIGHT IN ÅLESUND/);
    expect(info(file)).toMatch(/Creator:\s+Reelgraph/);
    const pages = pagesText(file);
    expect(pages).toHaveLength(121);
    // the title page
    expect(pages[0]).toContain("THE LONG NIGHT IN ÅLESUND");
    expect(pages[0]).toContain("Zoë Marchetti & Kenji Sato");
    expect(pages[0]).toContain("Reelgraph Pictures");
    // the first script page: unnumbered, starts with the first heading and follows the pagination
    const first = paginate(script.elements, { paper: "letter" })[0]!;
    const firstPage = pages[1]!;
    expect(firstPage.trimStart().startsWith(first.lines[0]!.text)).toBe(true);
    for (const line of first.lines) expect(squash(firstPage)).toContain(squash(line.text));
    expect(firstPage.split("\n")[0]!.trim()).not.toMatch(/^\d+\.$/);
    // page numbers: "2." on the second script page, top right; "120." on the last
    expect(pages[2]!.split("\n").find((l) => l.trim())!).toMatch(/^\s{40,}2\.$/);
    expect(
      pages[120]!
        .split("\n")
        .find((l) => l.trim())!
        .trim(),
    ).toBe("120.");
    const all = squash(pages.join(""));
    for (const word of ["Москва", "東京", "Zoë", "ÅLESUND"]) {
      if (script.elements.some((e) => e.content.includes(word))) expect(all).toContain(word);
    }
  });

  it("prints non-Latin text, emphasis without markers, and embeds Courier Prime", async () => {
    const doc: ParsedScript = {
      titlePage: {},
      elements: [
        el("slug", "INT. МОСКВА METRO - NIGHT"),
        el("action", "Zoë reads the sign: Москва. Then 東京 in neon. *Quietly* she leaves **now** and _never_ looks back."),
        el("character", "健二"),
        el("dialogue", "東京に行こう。 Москва ждёт."),
      ],
    };
    const file = save("intl.pdf", await renderScreenplayPdf(doc, { paper: "letter", sceneNumbers: "none" }));
    const [page] = pagesText(file);
    for (const word of [
      "Москва",
      "東京",
      "Zoë",
      "МОСКВА",
      "健二",
      "東京に行こう",
      "ждёт",
      "Quietly she leaves now and never looks back.",
    ]) {
      expect(squash(page!)).toContain(squash(word));
    }
    expect(page).not.toMatch(/[*_]/);
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/CourierPrime-Regular\s+CID TrueType\s+Identity-H\s+yes/);
    expect(fonts).toMatch(/CourierPrime-Italic/);
    expect(fonts).toMatch(/CourierPrime-Bold/);
    expect(info(file)).toMatch(/Pages:\s+1\b/); // no title page without a title
  });

  it("prints scene numbers on the chosen side(s) and supports A4", async () => {
    const doc: ParsedScript = {
      titlePage: { title: "A4 TEST" },
      elements: [el("slug", "INT. HOUSE - DAY", { sceneNumber: "12A" }), el("action", "She waits.")],
    };
    const lineOf = async (sceneNumbers: "none" | "left" | "right" | "both") => {
      const file = save(`sn-${sceneNumbers}.pdf`, await renderScreenplayPdf(doc, { paper: "a4", sceneNumbers }));
      return pagesText(file)[1]!
        .split("\n")
        .find((l) => l.includes("HOUSE"))!
        .trim();
    };
    expect(await lineOf("none")).toBe("INT. HOUSE - DAY");
    expect(await lineOf("left")).toMatch(/^12A\s+INT\. HOUSE - DAY$/);
    expect(await lineOf("right")).toMatch(/^INT\. HOUSE - DAY\s+12A$/);
    expect(await lineOf("both")).toMatch(/^12A\s+INT\. HOUSE - DAY\s+12A$/);
    const file = save("a4.pdf", await renderScreenplayPdf(doc, { paper: "a4", sceneNumbers: "none" }));
    expect(info(file)).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it("prints front matter between the title page and page 1, numbered ii, iii…, not counted in the script's pages", async () => {
    const frontMatter = {
      pageNumbers: true,
      pages: [
        {
          paragraphs: [
            { text: "_THE GUYS_", align: "center" as const, leftIndent: 0.94, rightIndent: 7.5 },
            { text: "**ALAN**\t\tLate 30s, anxious.", leftIndent: 2, rightIndent: 7.5, firstIndent: -1.06, tabStops: [1.82, 2] },
          ],
        },
        { paragraphs: [{ text: "WRITERS' NOTE", leftIndent: 1.5, rightIndent: 7.5 }] },
      ],
    };
    const script: ParsedScript = {
      titlePage: { title: "GUY TEXT", frontMatter },
      elements: [el("slug", "INT. HOUSE - DAY"), el("action", "She waits.")],
    };
    const pages = pagesText(save("front.pdf", await renderScreenplayPdf(script, { paper: "letter", sceneNumbers: "none" })));
    expect(pages).toHaveLength(4);
    expect(pages[1]).toMatch(/^\s+ii\n/);
    expect(pages[1]).toContain("THE GUYS");
    expect(pages[1]).toMatch(/ALAN\s+Late 30s, anxious\./);
    expect(pages[2]).toMatch(/^\s+iii\n/);
    expect(pages[2]).toContain("WRITERS' NOTE");
    // the script's page 1 prints no number, as always
    expect(pages[3]).toMatch(/^\s*INT\. HOUSE - DAY/);
    const unnumbered = pagesText(
      save(
        "front2.pdf",
        await renderScreenplayPdf(
          { ...script, titlePage: { title: "T", frontMatter: { pages: frontMatter.pages } } },
          { paper: "letter", sceneNumbers: "none" },
        ),
      ),
    );
    expect(unnumbered[1]).not.toMatch(/\bii\b/);
  });

  it("renders an empty script as a valid one-page PDF", async () => {
    const buf = await renderScreenplayPdf({ titlePage: {}, elements: [] }, { paper: "letter", sceneNumbers: "none" });
    expect(buf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(info(save("empty.pdf", buf))).toMatch(/Pages:\s+1\b/);
  });
});
