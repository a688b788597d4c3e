import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { FDX_SAMPLE, FOUNTAIN_SAMPLE, generateScript } from "../../domain/screenplay/fixtures";
import { parseFountain, writeFountain } from "../../domain/screenplay/fountain";
import { parseFdx } from "../../domain/screenplay/fdx";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { multipartForm } from "../test/multipart";
import { SCRIPT_IMPORT_MESSAGES } from "../../domain/scripts";
import { deflatedRepeat, rawZip } from "../test/zipBomb";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, projectId } = await projectWithViewer(h, "Imports"));
});
afterAll(() => h.close());

async function importFile(user: TestUser, name: string, bytes: Buffer | Uint8Array, scriptName = "Imported") {
  const body = multipartForm([
    ["name", scriptName],
    ["file", { filename: name, type: "application/octet-stream", data: Buffer.from(bytes) }],
  ]);
  const res = await h.server.inject({
    method: "POST",
    url: `/api/projects/${projectId}/scripts/import`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const scriptCount = async () => (await h.call(owner, "GET", `/api/projects/${projectId}/scripts`)).body.scripts.length;

describe("import", () => {
  it("imports an FDX as a new screenplay with its scene numbers and dual dialogue", async () => {
    const res = await importFile(owner, "pilot.fdx", Buffer.from(FDX_SAMPLE), "Pilot");
    expect(res.status).toBe(201);
    const expected = parseFdx(FDX_SAMPLE);
    expect(res.body.name).toBe("Pilot");
    expect(res.body.elements.map((e: { type: string; content: string }) => [e.type, e.content])).toEqual(
      expected.elements.map((e) => [e.type, e.content]),
    );
    expect(res.body.metadata.pageCount).toBeGreaterThan(0);
  });

  it("imports Fountain", async () => {
    const res = await importFile(owner, "short.fountain", Buffer.from(FOUNTAIN_SAMPLE));
    expect(res.status).toBe(201);
    expect(res.body.elements.length).toBe(parseFountain(FOUNTAIN_SAMPLE).elements.length);
  });

  it("imports a DOCX screenplay", async () => {
    const para = (text: string, indent = 0) =>
      `<w:p><w:pPr><w:ind w:left="${indent}"/></w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const doc = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${[
      para("INT. COFFEE SHOP - DAY"),
      para("Rain against the glass. MAYA waits."),
      para("MAYA", 3168),
      para("He's late again.", 1440),
    ].join("")}${"<w:p/>".repeat(40)}</w:body></w:document>`;
    // Stored, not deflated: a real .docx is never under the spec's 1000-byte minimum, this one must not be either.
    const bytes = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "word/document.xml": strToU8(doc) }, { level: 0 });
    const res = await importFile(owner, "draft.docx", bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.elements.map((e: { type: string }) => e.type)).toEqual(["slug", "action", "character", "dialogue"]);
  });

  it("refuses bad files with the spec's message and creates nothing", async () => {
    const before = await scriptCount();
    expect((await importFile(owner, "bad.fdx", Buffer.from("<FinalDraft><Content>"))).body.error).toBe("Invalid XML format");
    expect((await importFile(owner, "bad.fdx", Buffer.from("<Screenplay><Content/></Screenplay>"))).body.error).toBe(
      "Not a valid Final Draft file",
    );
    expect((await importFile(owner, "bad.fdx", Buffer.from('<FinalDraft DocumentType="Script"></FinalDraft>'))).body.error).toBe(
      "No Content found in FDX file",
    );
    expect(
      (
        await importFile(
          owner,
          "bad.fdx",
          Buffer.from(
            '<FinalDraft DocumentType="Script"><Content><Paragraph Type="Cast List"><Text>x</Text></Paragraph></Content></FinalDraft>',
          ),
        )
      ).body.error,
    ).toBe("No valid script content found in FDX file");
    expect((await importFile(owner, "empty.fdx", Buffer.alloc(0))).body.error).toBe("File cannot be empty");
    expect((await importFile(owner, "tiny.docx", Buffer.alloc(500, 1))).body.error).toBe(
      "File appears to be corrupted or not a valid DOCX file",
    );
    expect((await importFile(owner, "notes.txt", Buffer.from("hello"))).status).toBe(400);
    expect(await scriptCount()).toBe(before);
  });

  describe("a DOCX bomb (1 MB that inflates to 300 MB) is refused while the server keeps answering", () => {
    const PARSE_FAILED = "Failed to parse DOCX file. Please ensure it's a properly formatted screenplay document.";
    const INFLATED = 300 * 1024 * 1024;
    let bomb: Buffer;
    beforeAll(async () => {
      bomb = await deflatedRepeat("<w:p><w:r><w:t>A</w:t></w:r></w:p>", INFLATED);
    }, 30_000);
    const docx = (declaredSize: number) =>
      rawZip([
        { name: "[Content_Types].xml", data: Buffer.from("<Types/>"), method: 0, declaredSize: 8 },
        { name: "word/document.xml", data: bomb, method: 8, declaredSize },
      ]);

    /** Imports `file` while asking /api/health again and again; the slowest answer and the longest event-loop stall. */
    async function importWhileTimingHealth(file: Buffer) {
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      let done = false;
      const importing = importFile(owner, "bomb.docx", file).finally(() => (done = true));
      let healthMs = 0;
      let health = 0;
      while (!done) {
        const started = performance.now();
        health = (await h.server.inject({ method: "GET", url: "/api/health" })).statusCode;
        healthMs = Math.max(healthMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20)); // let the upload's own I/O run
      }
      const result = await importing;
      stalls.disable();
      return { result, health, healthMs: Math.max(healthMs, stalls.max / 1e6) };
    }

    it("refuses one that declares its size, before inflating", async () => {
      const before = await scriptCount();
      const { result, health, healthMs } = await importWhileTimingHealth(docx(INFLATED));
      expect(result).toEqual({ status: 400, body: { error: PARSE_FAILED, code: "bad_request" } });
      expect(health).toBe(200);
      expect(healthMs).toBeLessThan(1000);
      expect(await scriptCount()).toBe(before);
    });

    it("refuses one whose headers lie about its size, stopping at the cap", async () => {
      const before = await scriptCount();
      const { result, health, healthMs } = await importWhileTimingHealth(docx(4096));
      expect(result).toEqual({ status: 400, body: { error: PARSE_FAILED, code: "bad_request" } });
      expect(health).toBe(200);
      expect(healthMs).toBeLessThan(1000);
      expect(await scriptCount()).toBe(before);
    });

    it("refuses a zip listing more entries than a Word file has", async () => {
      const entries = Array.from({ length: 2500 }, (_, i) => ({
        name: `word/media/${i}.bin`,
        data: Buffer.from("x"),
        method: 0 as const,
        declaredSize: 1,
      }));
      const result = await importFile(owner, "many.docx", rawZip(entries));
      expect(result.body.error).toBe("File appears to be corrupted or not a valid DOCX file");
    });
  });

  describe("scripts past the editor's caps are refused before they are stored, off the server's thread", () => {
    /** The import, and the longest stall of this process's event loop while it ran. */
    async function importTimingStalls(name: string, bytes: Buffer) {
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const result = await importFile(owner, name, bytes);
      stalls.disable();
      return { result, stallMs: stalls.max / 1e6 };
    }

    it("a Fountain file of 60,000 scene headings (stored before, holding the server for seconds)", async () => {
      const before = await scriptCount();
      const fountain = Buffer.from(Array.from({ length: 60_000 }, (_, i) => `INT. ROOM ${i % 10} - DAY\n\n`).join(""));
      const { result, stallMs } = await importTimingStalls("huge.fountain", fountain);
      expect(result).toEqual({ status: 400, body: { error: SCRIPT_IMPORT_MESSAGES.tooManyElements(60_000), code: "bad_request" } });
      expect(stallMs).toBeLessThan(1000);
      expect(await scriptCount()).toBe(before);
    });

    it("a small DOCX of 100,000 headings (a 500 before)", async () => {
      const para = '<w:p><w:pPr><w:pStyle w:val="SceneHeading"/></w:pPr><w:r><w:t>INT. ROOM - DAY</w:t></w:r></w:p>';
      const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para.repeat(100_000)}</w:body></w:document>`;
      const docx = Buffer.from(zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "word/document.xml": [strToU8(xml), { level: 9 }] }));
      expect(docx.length).toBeLessThan(64 * 1024);
      const before = await scriptCount();
      const { result, stallMs } = await importTimingStalls("huge.docx", docx);
      expect(result).toEqual({ status: 400, body: { error: SCRIPT_IMPORT_MESSAGES.tooManyParagraphs(100_000), code: "bad_request" } });
      expect(stallMs).toBeLessThan(1000);
      expect(await scriptCount()).toBe(before);
    });

    it("an element longer than the editor can save", async () => {
      const before = await scriptCount();
      const result = await importFile(owner, "long.fountain", Buffer.from(`INT. ROOM - DAY\n\n${"word ".repeat(5_000)}\n`));
      expect(result).toEqual({ status: 400, body: { error: SCRIPT_IMPORT_MESSAGES.elementTooLong(2, "Action"), code: "bad_request" } });
      expect(await scriptCount()).toBe(before);
    });

    it("still imports a script at the cap's scale, with its page count", async () => {
      const fountain = Buffer.from(Array.from({ length: 2_000 }, (_, i) => `INT. ROOM ${i} - DAY\n\nShe waits.\n\n`).join(""));
      const { result, stallMs } = await importTimingStalls("long-film.fountain", fountain);
      expect(result.status).toBe(201);
      expect(result.body.elements.length).toBe(4_000);
      expect(result.body.metadata.pageCount).toBeGreaterThan(10);
      expect(stallMs).toBeLessThan(1000);
    });
  });

  it("refuses a view-only member", async () => {
    expect((await importFile(viewer, "pilot.fdx", Buffer.from(FDX_SAMPLE))).status).toBe(403);
  });
});

describe("export", () => {
  it("exports Fountain and FDX that read back to the same elements", async () => {
    const script = generateScript({ pages: 12, seed: 7 });
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Round Trip" });
    await h.call(owner, "PUT", `/api/scripts/${s.id}`, { elements: script.elements, baseVersion: s.version });
    for (const [format, read] of [
      ["fountain", parseFountain],
      ["fdx", parseFdx],
    ] as const) {
      const res = await h.server.inject({ method: "GET", url: `/api/scripts/${s.id}/export?format=${format}`, headers: viewer.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="reelgraph-Round-Trip.${format}"`);
      const back = read(res.body);
      expect(back.elements.map((e) => [e.type, e.content, e.sceneNumber ?? null, !!e.dual])).toEqual(
        script.elements.map((e) => [e.type, e.content, e.sceneNumber ?? null, !!e.dual]),
      );
    }
    expect(writeFountain).toBeTypeOf("function");
  });

  it("exports a PDF and a DOCX", async () => {
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Printable" });
    await h.call(owner, "PUT", `/api/scripts/${s.id}`, {
      elements: generateScript({ pages: 3, seed: 2 }).elements,
      baseVersion: s.version,
    });
    const pdf = await h.server.inject({
      method: "GET",
      url: `/api/scripts/${s.id}/export?format=pdf&paper=a4&sceneNumbers=both`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const docx = await h.server.inject({ method: "GET", url: `/api/scripts/${s.id}/export?format=docx`, headers: owner.headers });
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const bad = await h.call(owner, "GET", `/api/scripts/${s.id}/export?format=rtf`);
    expect(bad).toEqual({ status: 400, body: { error: "format must be fdx, fountain, docx or pdf", code: "bad_request" } });
  });
});
