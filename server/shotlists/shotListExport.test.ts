import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_HEADER } from "../../domain/shotlists/csv";
import { addScene, updateScene, updateShot } from "../../domain/shotlists/edits";
import type { Scene } from "../../domain/shotlists/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { buildShotList, uploadShotImage } from "./testSupport";

// PDFs are read back with poppler (Debian poppler-utils; scripts/ensure-test-tools.mjs installs it).
const has = (cmd: string) => {
  try {
    execFileSync(cmd, ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
if (!has("pdftotext") || !has("pdfimages")) throw new Error("shotListExport.test needs poppler-utils (pdftotext, pdfimages)");

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
let listId: string;
let dir = "";

const save = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const pdfText = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
const pdfImageCount = (file: string) => execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").length - 2;
const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);

async function download(user: TestUser, query: string) {
  const res = await h.server.inject({ method: "GET", url: `/api/shot-lists/${listId}/export?${query}`, headers: user.headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => JSON.parse(res.body) };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelgraph-shotlist-"));
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Exports"));
  const list = await buildShotList(h, owner, projectId, { name: "Harbour Day", shots: 3 });
  listId = list.id;
  const [s1, s2, s3] = list.scenes[0].shots;
  // A PNG and a WebP (pdfkit cannot draw WebP: the export converts it).
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#d04020" } })
    .png()
    .toBuffer();
  const webp = await sharp({ create: { width: 160, height: 90, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } })
    .webp()
    .toBuffer();
  const a = await uploadShotImage(h, owner, { shotId: s1.id, shotListId: listId }, png);
  const b = await uploadShotImage(h, owner, { shotId: s2.id, shotListId: listId }, webp, { name: "frame.webp" });
  let scenes = list.scenes as Scene[];
  scenes = updateShot(scenes, s1.id, { image: a.body.imageUrl, description: "Gulls, wheeling over the pier", cameraHeight: "Low Angle" });
  scenes = updateShot(scenes, s2.id, {
    image: b.body.imageUrl,
    shotSize: "Wide Shot",
    movement: "Pan",
    description: 'She says "now"\nand runs',
  });
  scenes = updateShot(scenes, s3.id, { description: "Ærø harbour — 港の朝", subject: "=SUM(A1)" });
  scenes = updateScene(scenes, scenes[0]!.id, { title: "The Pier", location: "Pier 9", weather: "Fog", lighting: "Dawn" });
  scenes = addScene(scenes, Date.now(), "scene-empty");
  const put = await h.call(owner, "PUT", `/api/shot-lists/${listId}`, { scenes, baseVersion: list.version });
  if (put.status !== 200) throw new Error(JSON.stringify(put.body));
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("PDF export", () => {
  it("table: a real PDF with scene header blocks, every field of every shot and thumbnails", async () => {
    const res = await download(viewer, "format=pdf&layout=table");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="reelgraph-Harbour-Day.pdf"');
    expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const file = save("table.pdf", res.bytes);
    const text = pdfText(file);
    expect(text).toContain("Harbour Day");
    expect(text).toContain("3 shots across 2 scenes");
    expect(text).toMatch(/Scene 1 — The Pier/);
    expect(text).toMatch(/Location: Pier 9\s+·\s+Weather: Fog\s+·\s+Lighting: Dawn/);
    // Every field has a column ("Camera Height" and "Dutch Angle" wrap onto two lines).
    for (const header of ["Description", "Subject", "Shot Size", "Shot Type", "Movement", "Camera", "Dutch", "Framing", "Focus"])
      expect(text).toContain(header);
    expect(text).toContain("Gulls, wheeling over the pier");
    expect(text).toContain("Low Angle");
    expect(text).toContain("Wide Shot");
    expect(text).toContain("港の朝"); // printed with the CJK fallback font, not as boxes
    expect(text).toMatch(/Scene 2\n/);
    expect(text).toContain("No shots in this scene yet");
    // Untouched fields are blank on paper, not their placeholders.
    for (const placeholder of ["Subject...", "Weather...", "Lighting...", "Location...", "Scene description..."])
      expect(text).not.toContain(placeholder);
    expect(text).toMatch(/Page 1 of \d/);
    expect(pdfImageCount(file)).toBe(2); // the PNG and the converted WebP; the third shot has none
  });

  it("storyboard: a grid of shot images with number, size, movement and description", async () => {
    const res = await download(owner, "format=pdf&layout=storyboard");
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="reelgraph-Harbour-Day-storyboard.pdf"');
    const file = save("storyboard.pdf", res.bytes);
    const text = pdfText(file);
    expect(text).toContain("Storyboard");
    for (const n of [1, 2, 3]) expect(text).toContain(`Shot ${n}`);
    expect(text).toContain("Wide Shot · Pan");
    expect(text).toContain("Medium Shot · Static");
    expect(text).toContain("No image");
    expect(pdfImageCount(file)).toBe(2);
  });

  it("a long list flows over several pages, repeating the table header", async () => {
    const long = await buildShotList(h, owner, projectId, { name: "Long", shots: 40 });
    const res = await h.server.inject({ method: "GET", url: `/api/shot-lists/${long.id}/export?format=pdf`, headers: owner.headers });
    const file = save("long.pdf", res.rawPayload);
    expect(pdfPages(file)).toBeGreaterThan(2);
    const pages = pdfText(file)
      .split("\f")
      .filter((p) => p.trim());
    expect(pages.every((p) => p.includes("Shot Size"))).toBe(true);
    expect(pages.at(-1)).toContain("40");
  });

  it("never reads another project's media into the PDF", async () => {
    const otherProject = (await h.call(owner, "POST", "/api/projects", { name: "Elsewhere" })).body.id as string;
    const other = await buildShotList(h, owner, otherProject, { shots: 1 });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const up = await uploadShotImage(h, owner, { shotId: other.scenes[0].shots[0].id, shotListId: other.id }, png);
    const mine = await buildShotList(h, stranger, (await h.call(stranger, "POST", "/api/projects", { name: "Mine" })).body.id, {
      shots: 1,
    });
    const scenes = updateShot(mine.scenes as Scene[], mine.scenes[0].shots[0].id, { image: up.body.imageUrl });
    expect((await h.call(stranger, "PUT", `/api/shot-lists/${mine.id}`, { scenes, baseVersion: mine.version })).status).toBe(200);
    const res = await h.server.inject({ method: "GET", url: `/api/shot-lists/${mine.id}/export?format=pdf`, headers: stranger.headers });
    const file = save("foreign.pdf", res.rawPayload);
    expect(pdfImageCount(file)).toBe(0);
    expect(pdfText(file)).toContain("Image not available");
  });
});

describe("CSV export", () => {
  it("one row per shot with its scene's fields, a UTF-8 BOM and proper quoting", async () => {
    const res = await download(viewer, "format=csv");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="reelgraph-Harbour-Day.csv"');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.bytes.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER.join(","));
    expect(lines[1]).toMatch(
      /^1,The Pier,Pier 9,Fog,Dawn,,1,"Gulls, wheeling over the pier",,Medium Shot,Single,Static,Low Angle,,,,http:\/\/localhost(:\d+)?\/api\/media\/[0-9a-f-]{36}$/,
    );
    expect(text).toContain('"She says ""now""\nand runs"');
    expect(text).toContain("Ærø harbour — 港の朝,'=SUM(A1)");
    // Header, 3 shots (the empty scene has none) and the final line end; a quoted LF is not a row end.
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines.at(-1)).toBe("");
  });

  it("refuses a bad format or layout, strangers, and unknown lists", async () => {
    expect((await download(owner, "format=docx")).json()).toEqual({ error: "format must be pdf or csv", code: "bad_request" });
    expect((await download(owner, "format=pdf&layout=grid")).json().error).toBe("layout must be table or storyboard");
    expect((await download(stranger, "format=csv")).status).toBe(403);
    const res = await h.server.inject({
      method: "GET",
      url: "/api/shot-lists/00000000-0000-4000-8000-000000000000/export?format=csv",
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
