import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BREAKDOWN_MESSAGES } from "../../domain/breakdown/api";
import { BREAKDOWN_NOTICES } from "../../domain/breakdown/breakDown";
import { KITCHEN_AND_STREET } from "../../domain/breakdown/testScenes";
import { parseFountain } from "../../domain/screenplay/fountain";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import { updateShot } from "../../domain/shotlists/edits";
import type { Scene } from "../../domain/shotlists/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Breakdown"));
});
afterAll(() => h.close());

async function scriptWith(elements: ScreenplayElement[], name = "Harbor") {
  const created = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name });
  const saved = await h.call(owner, "PUT", `/api/scripts/${created.body.id}`, { elements, baseVersion: created.body.version });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  return { id: created.body.id as string, version: saved.body.version as number, elements };
}
const sample = () => parseFountain(KITCHEN_AND_STREET).elements;
const shotsOf = (scenes: Scene[]) => scenes.flatMap((s) => s.shots);

describe("break down", () => {
  it("creates the script's shot list: a scene per heading, shots linked to their lines", async () => {
    const script = await scriptWith(sample());
    const res = await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: true, notices: [], counts: { scenes: 3 } });
    const list = res.body.shotList;
    expect(list).toMatchObject({ name: "Harbor – Breakdown", scriptId: script.id });
    expect(list.scenes.map((s: Scene) => s.title)).toEqual([
      "EXT. HARBOR ROAD - NIGHT",
      "INT. MAYA'S KITCHEN - NIGHT",
      "INT. MAYA'S KITCHEN - LATER",
    ]);
    expect(shotsOf(list.scenes).every((s) => s.script && s.script.lines.length > 0)).toBe(true);
    const listed = await h.call(viewer, "GET", `/api/projects/${projectId}/shot-lists`);
    expect(listed.body.shotLists.some((l: { id: string }) => l.id === list.id)).toBe(true);
  });

  it("marks the lines each shot covers, and a changed line makes its shot say 'Script changed'", async () => {
    const script = await scriptWith(sample(), "Markers");
    const made = (await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, {})).body.shotList;
    const coverage = await h.call(viewer, "GET", `/api/scripts/${script.id}/coverage`);
    expect(coverage.body.shotList).toEqual({ id: made.id, name: "Markers – Breakdown" });
    const line = script.elements.find((e) => e.content === "We can't.")!;
    expect(coverage.body.lines[line.id].map((c: { label: string }) => c.label)).toEqual([
      expect.stringMatching(/^Shot \d+: Medium Shot, DANIEL, MAYA$/),
      expect.stringMatching(/^Shot \d+: Medium Close-up, MAYA$/),
    ]);

    const edited = script.elements.map((e) => (e.id === line.id ? { ...e, content: "We can't. Not tonight." } : e));
    await h.call(owner, "PUT", `/api/scripts/${script.id}`, { elements: edited, baseVersion: script.version });
    const loaded = await h.call(viewer, "GET", `/api/shot-lists/${made.id}`);
    expect(loaded.body.script).toEqual({ id: script.id, name: "Markers" });
    const changed = Object.values(loaded.body.scriptChanges as Record<string, unknown[]>);
    expect(changed).toHaveLength(2);
    expect(changed[0]).toEqual([{ id: line.id, was: "We can't.", now: "We can't. Not tonight.", hash: expect.any(String) }]);
  });

  it("merges when broken down again: the user's edits and shots are kept", async () => {
    const script = await scriptWith(sample(), "Merge");
    const made = (await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, {})).body.shotList;
    const target = shotsOf(made.scenes).find((s) => s.subject === "REVOLVER")!;
    const scenes = updateShot(made.scenes, target.id, { description: "The revolver, lit by the fridge" });
    const saved = await h.call(owner, "PUT", `/api/shot-lists/${made.id}`, { scenes, baseVersion: made.version });
    expect(saved.status).toBe(200);
    const again = await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, {});
    expect(again.body).toMatchObject({ created: false });
    expect(again.body.shotList.id).toBe(made.id);
    expect(shotsOf(again.body.shotList.scenes).find((s) => s.id === target.id)!.description).toBe("The revolver, lit by the fridge");
  });

  it("breaks down one scene, and says so for a script with no headings", async () => {
    const elements = sample();
    const script = await scriptWith(elements, "One scene");
    const heading = elements.filter((e) => e.type === "slug")[1]!;
    const res = await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, { headingId: heading.id });
    expect(res.body.shotList.scenes.map((s: Scene) => s.title)).toEqual(["INT. MAYA'S KITCHEN - NIGHT"]);
    const plain = await scriptWith(
      elements.filter((e) => e.type !== "slug"),
      "No headings",
    );
    const whole = await h.call(owner, "POST", `/api/scripts/${plain.id}/breakdown`, {});
    expect(whole.body.notices).toEqual([BREAKDOWN_NOTICES.noHeadings]);
    expect(whole.body.shotList.scenes).toHaveLength(1);
  });

  it("refuses bad bodies, view-only members and strangers, and changes nothing", async () => {
    const script = await scriptWith(sample(), "Guarded");
    expect((await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, { headingId: "" })).status).toBe(400);
    expect((await h.call(owner, "POST", `/api/scripts/${script.id}/breakdown`, { scope: "all" })).body.error).toBe("Unknown field: scope");
    expect((await h.call(viewer, "POST", `/api/scripts/${script.id}/breakdown`, {})).status).toBe(403);
    expect((await h.call(stranger, "POST", `/api/scripts/${script.id}/breakdown`, {})).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/scripts/${script.id}/coverage`)).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/scripts/${script.id}/breakdown-report`)).status).toBe(403);
    expect((await h.call(viewer, "GET", `/api/scripts/${script.id}/coverage`)).body).toEqual({ shotList: null, lines: {} });
    const note = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Notes", fileType: "note" });
    expect((await h.call(owner, "POST", `/api/scripts/${note.body.id}/breakdown`, {})).body.error).toBe(BREAKDOWN_MESSAGES.notScreenplay);
    const lists = (await h.call(owner, "GET", `/api/projects/${projectId}/shot-lists`)).body.shotLists as { name: string }[];
    expect(lists.filter((l) => l.name === "Guarded – Breakdown" || l.name === "Notes – Breakdown")).toEqual([]);
  });
});

describe("breakdown report", () => {
  it("answers JSON, each table as CSV, and a PDF a viewer can download", async () => {
    const script = await scriptWith(sample(), "Report");
    const json = await h.call(viewer, "GET", `/api/scripts/${script.id}/breakdown-report`);
    expect(json.body).toMatchObject({
      scriptName: "Report",
      scenes: [{ number: "1" }, { number: "2", props: ["ENVELOPE", "REVOLVER"] }, { number: "3" }],
    });
    const csv = await h.server.inject({
      method: "GET",
      url: `/api/scripts/${script.id}/breakdown-report?format=csv&table=characters`,
      headers: viewer.headers,
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[1]).toBe("MAYA,2 3,2,4,14");
    const pdf = await h.server.inject({
      method: "GET",
      url: `/api/scripts/${script.id}/breakdown-report?format=pdf`,
      headers: viewer.headers,
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain("reelgraph-Report-breakdown.pdf");
    const dir = mkdtempSync(join(tmpdir(), "report-"));
    try {
      writeFileSync(join(dir, "r.pdf"), pdf.rawPayload);
      const text = execFileSync("pdftotext", ["-layout", join(dir, "r.pdf"), "-"], { encoding: "utf8" });
      expect(text).toContain("INT. MAYA'S KITCHEN - NIGHT");
      expect(text).toContain("ENVELOPE, REVOLVER");
      expect(text).toMatch(/MAYA\s+2\s+4\s+14/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await h.call(viewer, "GET", `/api/scripts/${script.id}/breakdown-report?format=doc`)).body.error).toBe(
      "format must be json, csv or pdf",
    );
  });
});
