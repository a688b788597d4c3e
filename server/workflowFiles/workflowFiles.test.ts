import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PreparedWorkflow } from "../../domain/workflowFile/api";
import { WORKFLOW_FILE_MESSAGES } from "../../domain/workflowFile/format";
import { media } from "../db/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { multipartForm, PNG } from "../test/multipart";
import { deflatedRepeat, rawZip } from "../test/zipBomb";

/**
 * Workflow files: export a canvas (or part of it) → import it into another project → the same
 * graph with new ids, checked through the API the browser uses; tampered files are refused and change nothing.
 */

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let source: string;
let pictureUrl: string;

const newProject = async (name: string, user = owner) => (await h.call(user, "POST", "/api/projects", { name })).body.id as string;
const canvasOf = async (projectId: string, user = owner) => (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
const exportZip = async (projectId: string, query = "", user = owner) => {
  const res = await h.server.inject({ method: "GET", url: `/api/projects/${projectId}/workflow${query}`, headers: user.headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
};
const prepare = async (projectId: string, zip: Buffer, user = owner, contentType = "application/zip") => {
  const res = await h.server.inject({
    method: "POST",
    url: `/api/projects/${projectId}/workflow/prepare`,
    headers: { ...user.headers, "content-type": contentType },
    payload: zip,
  });
  return { status: res.statusCode, body: res.json() };
};
const workflowJson = (zip: Buffer) => JSON.parse(Buffer.from(unzipSync(zip)["workflow.json"]!).toString("utf8"));
/** The browser's apply, as its outbox sends it: the nodes placed, their first data and the edges, in one request. */
const apply = (projectId: string, prepared: PreparedWorkflow) =>
  h.call(owner, "POST", `/api/projects/${projectId}/structure`, {
    nodes: prepared.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
    edgesAdded: prepared.edges,
    updates: prepared.nodes.map((n) => ({ nodeId: n.id, nodeData: n.data, prevRev: 0 })),
  });
const mediaRowsOf = (projectId: string) => h.database.db.select().from(media).where(eq(media.projectId, projectId));

/** A workflow zip written by hand: workflow.json from `doc`, plus any other entries. */
const handMade = (doc: unknown, extra: Zippable = {}) => Buffer.from(zipSync({ "workflow.json": strToU8(JSON.stringify(doc)), ...extra }));
const validDoc = (over: Record<string, unknown> = {}) => ({
  format: "reelgraph-workflow",
  version: 1,
  exportedAt: new Date().toISOString(),
  nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Only" } }],
  edges: [],
  media: [],
  ...over,
});

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId: source } = await projectWithViewer(h, "Harbor short"));
  const form = multipartForm([
    ["file", { filename: "harbour.png", type: "image/png", data: PNG }],
    ["nodeId", "n-shot"],
    ["contentType", "image"],
    ["projectId", source],
  ]);
  const upload = await h.server.inject({
    method: "POST",
    url: "/api/upload-media",
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  pictureUrl = upload.json().url;
  const node = (id: string, x: number, y: number, data: Record<string, unknown>) => ({ id, x, y, data });
  const nodes = [
    node("n-script", 0, 0, { title: "Beat", contentType: "text", content: "INT. HARBOUR - DUSK", status: "completed" }),
    node("n-shot", 600, 0, {
      title: "Harbour shot",
      prompt: "a harbour at dusk, fog rolling in",
      selectedModel: "local/sketch",
      modelParameters: { detail: 3 },
      contentType: "image",
      status: "completed",
      mediaUrl: pictureUrl,
      displayUrl: pictureUrl,
      versionHistory: [{ prompt: "a harbour at dusk, fog rolling in", mediaUrl: pictureUrl, model: "local/sketch" }],
      currentVersionIndex: 0,
      generationId: "run-1",
    }),
    node("n-up", 1200, 0, {
      title: "Sharper",
      selectedTool: "fal-ai/clarity-upscaler",
      toolParameters: { scale: 2 },
      contentType: "image",
    }),
  ];
  const res = await h.call(owner, "POST", `/api/projects/${source}/structure`, {
    nodes: nodes.map((n) => ({ id: n.id, type: "generic_v2", position: { x: n.x, y: n.y } })),
    edgesAdded: [
      { id: "e-1", source: "n-script", target: "n-shot" },
      { id: "e-2", source: "n-shot", target: "n-up" },
    ],
    updates: nodes.map((n) => ({ nodeId: n.id, nodeData: { ...n.data, rev: 1 }, prevRev: 0 })),
  });
  expect(res.status).toBe(200);
});
afterAll(() => h.close());

/** A canvas as its titles, data (less revisions and media URLs), places and connections: what must survive. */
function graphOf(canvas: {
  nodes: { id: string; position: unknown; data: Record<string, unknown> }[];
  edges: { source: string; target: string }[];
}) {
  const title = new Map(canvas.nodes.map((n) => [n.id, n.data.title as string]));
  const media = (v: unknown) => (typeof v === "string" && v.startsWith("/api/media/") ? "<media>" : v);
  return {
    nodes: canvas.nodes
      .map((n) => {
        const { rev: _rev, lastModified: _lm, ...data } = n.data;
        const clean = JSON.parse(JSON.stringify(data), (_k, v) => media(v));
        return { title: n.data.title, position: n.position, data: clean };
      })
      .sort((a, b) => String(a.title).localeCompare(String(b.title))),
    edges: canvas.edges.map((e) => [title.get(e.source), title.get(e.target)]).sort(),
  };
}

describe("export → import round trip", () => {
  it("exports the canvas as a zip named after the project, with workflow.json and the media", async () => {
    const res = await exportZip(source, "?media=1");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="reelgraph-Harbor-short-workflow.zip"');
    const doc = workflowJson(res.bytes);
    expect(doc).toMatchObject({ format: "reelgraph-workflow", version: 1 });
    expect(doc.nodes.map((n: { id: string }) => n.id).sort()).toEqual(["n-script", "n-shot", "n-up"]);
    expect(doc.media).toEqual([{ ref: pictureUrl, path: "media/1.png", contentType: "image/png" }]);
    expect(Buffer.from(unzipSync(res.bytes)["media/1.png"]!).equals(PNG)).toBe(true);
    // Run-time fields stay home.
    expect(doc.nodes.find((n: { id: string }) => n.id === "n-shot").data).not.toHaveProperty("generationId");
  });

  it("imports into a new project as the same graph with new ids, its media copied into that project", async () => {
    const target = await newProject("Harbor copy");
    const zip = (await exportZip(source, "?media=1")).bytes;
    const prepared = await prepare(target, zip);
    expect(prepared.status).toBe(200);
    const body = prepared.body as PreparedWorkflow;
    expect(body.mediaCount).toBe(1);
    expect(body.nodes.map((n) => n.id)).not.toEqual(expect.arrayContaining(["n-script"]));
    // Nothing is on the canvas until the browser applies it.
    expect((await canvasOf(target)).nodes).toEqual([]);

    expect((await apply(target, body)).body).toMatchObject({ success: true, conflicts: [] });
    const [before, after] = [await canvasOf(source), await canvasOf(target)];
    expect(graphOf(after)).toEqual(
      graphOf({
        ...before,
        nodes: before.nodes.map((n: { data: Record<string, unknown> }) => ({ ...n, data: { ...n.data, generationId: undefined } })),
      }),
    );
    expect(graphOf(after).edges).toEqual([
      ["Beat", "Harbour shot"],
      ["Harbour shot", "Sharper"],
    ]);
    const ids = after.nodes.map((n: { id: string }) => n.id);
    expect(ids.some((id: string) => id.startsWith("n-"))).toBe(false);

    // The shot shows the project's own copy, served to the target's members.
    const shot = after.nodes.find((n: { data: { title: string } }) => n.data.title === "Harbour shot");
    expect(shot.data.mediaUrl).not.toBe(pictureUrl);
    expect(shot.data.versionHistory[0].mediaUrl).toBe(shot.data.mediaUrl);
    const [row] = await mediaRowsOf(target);
    expect(`/api/media/${row!.id}`).toBe(shot.data.mediaUrl);
    const served = await h.server.inject({ method: "GET", url: shot.data.mediaUrl, headers: owner.headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("carries groups there and back: the same name, colour and state around the new nodes", async () => {
    const group = { id: "g-scene", name: "Harbour scene", colour: "amber", nodeIds: ["n-script", "n-shot"], collapsed: true };
    expect((await h.call(owner, "POST", `/api/projects/${source}/structure`, { groupsSet: [group] })).status).toBe(200);
    try {
      expect(workflowJson((await exportZip(source)).bytes).groups).toEqual([group]);
      // A selection keeps only the chosen members of a group.
      expect(workflowJson((await exportZip(source, "?nodeIds=n-shot,n-up")).bytes).groups).toEqual([{ ...group, nodeIds: ["n-shot"] }]);

      const target = await newProject("Harbor grouped");
      const body = (await prepare(target, (await exportZip(source)).bytes)).body as PreparedWorkflow;
      expect(body.groups).toHaveLength(1);
      const titleOf = (id: string) => body.nodes.find((n) => n.id === id)?.data.title;
      expect(body.groups![0]).toMatchObject({ name: "Harbour scene", colour: "amber", collapsed: true });
      expect(body.groups![0]!.id).not.toBe("g-scene");
      expect(body.groups![0]!.nodeIds.map(titleOf)).toEqual(["Beat", "Harbour shot"]);
      // Applied as the browser does (nodes, then the group, in one structure request), it is on the canvas.
      expect(
        (
          await h.call(owner, "POST", `/api/projects/${target}/structure`, {
            nodes: body.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
            groupsSet: body.groups,
          })
        ).status,
      ).toBe(200);
      expect((await canvasOf(target)).groups).toEqual(body.groups);

      // A file whose group names a node it does not hold is refused.
      const bad = await prepare(target, handMade(validDoc({ groups: [{ ...group, nodeIds: ["a", "ghost"] }] })));
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("a group names a node the file does not hold");
    } finally {
      await h.call(owner, "POST", `/api/projects/${source}/structure`, { groupsRemoved: [group.id] });
    }
  });

  it("reports the hosted tool this user has no key for, with the offline tool that does the job", async () => {
    const target = await newProject("Harbor report");
    const body = (await prepare(target, (await exportZip(source)).bytes)).body as PreparedWorkflow;
    expect(body.issues).toEqual([
      expect.objectContaining({
        nodeTitle: "Sharper",
        kind: "tool",
        id: "fal-ai/clarity-upscaler",
        problem: "locked",
        substitute: { id: "local/upscale", name: "Upscale (Local AI)" },
      }),
    ]);
    expect(body.issues[0]!.nodeId).toBe(body.nodes.find((n) => n.data.title === "Sharper")!.id);
  });

  it("without media leaves media URLs out of the file, and the picture node idle", async () => {
    const doc = workflowJson((await exportZip(source)).bytes);
    expect(doc.media).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain("/api/media/");
    const shot = doc.nodes.find((n: { id: string }) => n.id === "n-shot");
    expect(shot.data).toMatchObject({ prompt: "a harbour at dusk, fog rolling in", selectedModel: "local/sketch", status: "idle" });
  });

  it("exports only the selection, with the edges between its nodes", async () => {
    const doc = workflowJson((await exportZip(source, "?nodeIds=n-script,n-shot")).bytes);
    expect(doc.nodes.map((n: { id: string }) => n.id).sort()).toEqual(["n-script", "n-shot"]);
    expect(doc.edges).toEqual([expect.objectContaining({ source: "n-script", target: "n-shot" })]);
    const json = await h.server.inject({
      method: "POST",
      url: `/api/projects/${source}/workflow/export`,
      headers: owner.headers,
      payload: { nodeIds: ["n-up"] },
    });
    expect(workflowJson(json.rawPayload).nodes.map((n: { id: string }) => n.id)).toEqual(["n-up"]);
    expect((await exportZip(source, "?nodeIds=not-here")).json()).toMatchObject({ error: WORKFLOW_FILE_MESSAGES.noSelectedNodes });
  });

  it("imports a 20 MB zip of random media while the server keeps answering (minutes before)", async () => {
    const target = await newProject("Noise");
    const ref = "/api/media/11111111-1111-4111-8111-111111111111";
    const noise = Buffer.concat([PNG, randomBytes(20 * 1024 * 1024)]);
    const zip = Buffer.from(
      zipSync({
        "workflow.json": strToU8(
          JSON.stringify(
            validDoc({
              nodes: [
                { id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Noise", contentType: "image", mediaUrl: ref } },
              ],
              media: [{ ref, path: "media/noise.png", contentType: "image/png" }],
            }),
          ),
        ),
        "media/noise.png": [noise, { level: 0 }],
      }),
    );
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const res = await prepare(target, zip);
    stalls.disable();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mediaCount).toBe(1);
    // The text rule never walks the zip's bytes, and reading them happens on the reader's worker thread.
    expect(stalls.max / 1e6).toBeLessThan(1000);
  });

  it("takes a file far larger than the API's usual 1 MB body", async () => {
    const target = await newProject("Big media");
    const picture = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const doc = validDoc({
      nodes: [
        {
          id: "a",
          type: "generic_v2",
          position: { x: 0, y: 0 },
          data: { title: "Still", mediaUrl: "/api/media/old", contentType: "image" },
        },
      ],
      media: [{ ref: "/api/media/old", path: "media/1.png", contentType: "image/png" }],
    });
    const res = await prepare(target, handMade(doc, { "media/1.png": [picture, { level: 0 }] }), owner, "application/octet-stream");
    expect(res.status).toBe(200);
    const [row] = await mediaRowsOf(target);
    expect(row).toMatchObject({ size: picture.length, contentType: "image/png" });
    expect(res.body.nodes[0].data.mediaUrl).toBe(`/api/media/${row!.id}`);
  });

  it("places an import into a canvas with nodes beside them, not over them", async () => {
    const body = (await prepare(source, (await exportZip(source)).bytes)).body as PreparedWorkflow;
    const rightmost = Math.max(...(await canvasOf(source)).nodes.map((n: { position: { x: number } }) => n.position.x));
    expect(Math.min(...body.nodes.map((n) => n.position.x))).toBeGreaterThan(rightmost);
  });
});

describe("tampered and foreign files are refused and change nothing", () => {
  let target: string;
  beforeAll(async () => {
    target = await newProject("Refusals");
  });

  const refused = async (zip: Buffer, status: number, error: string | RegExp) => {
    const res = await prepare(target, zip);
    expect(res.status).toBe(status);
    if (typeof error === "string") expect(res.body.error).toBe(error);
    else expect(res.body.error).toMatch(error);
    expect((await canvasOf(target)).nodes).toEqual([]);
    expect(await mediaRowsOf(target)).toEqual([]);
  };

  it("a node of a type this studio does not know", async () => {
    const doc = validDoc({ nodes: [{ id: "a", type: "comfy.KSampler", position: { x: 0, y: 0 }, data: {} }] });
    await refused(handMade(doc), 400, WORKFLOW_FILE_MESSAGES.unknownNodeType("comfy.KSampler"));
  });

  it("a file from a newer studio, with the version it needs", async () => {
    await refused(
      handMade(validDoc({ version: 2, nodes: "a new shape" })),
      400,
      "This workflow file was made by a newer version of Reelgraph (format 2). Update the studio to import it.",
    );
  });

  it("a zip that is not a workflow file, and something that is not a zip", async () => {
    await refused(Buffer.from(zipSync({ "notes.txt": strToU8("hello") })), 400, WORKFLOW_FILE_MESSAGES.notWorkflow);
    await refused(handMade({ format: "comfyui", version: 1 }), 400, WORKFLOW_FILE_MESSAGES.notWorkflow);
    await refused(Buffer.from("just some text, not a zip at all"), 400, WORKFLOW_FILE_MESSAGES.notWorkflow);
  });

  it("a damaged zip: cut short, or a byte changed inside", async () => {
    const good = (await exportZip(source, "?media=1")).bytes;
    await refused(good.subarray(0, good.length - 40), 400, WORKFLOW_FILE_MESSAGES.damaged);
    const flipped = Buffer.from(good);
    // Inside the picture, which is stored as it is: only its checksum can tell.
    const at = flipped.indexOf(PNG.subarray(16, 24));
    flipped[at] = flipped[at]! ^ 0xff;
    await refused(flipped, 400, WORKFLOW_FILE_MESSAGES.damaged);
  });

  it("names outside the zip's folder", async () => {
    await refused(handMade(validDoc(), { "../escape.png": PNG }), 400, WORKFLOW_FILE_MESSAGES.outsideFolder("../escape.png"));
    await refused(handMade(validDoc(), { "/etc/cron.d/x": strToU8("x") }), 400, WORKFLOW_FILE_MESSAGES.outsideFolder("/etc/cron.d/x"));
    const listed = validDoc({ media: [{ ref: "/api/media/abc", path: "media/../../x.png", contentType: "image/png" }] });
    await refused(handMade(listed), 400, WORKFLOW_FILE_MESSAGES.outsideFolder("media/../../x.png"));
  });

  it("a zip bomb: declared past the unpacked cap, or inflating past what it declared", async () => {
    const big = await deflatedRepeat("fog ", 2 * 1024 * 1024);
    await refused(
      rawZip([{ name: "workflow.json", data: big, method: 8, declaredSize: 400 * 1024 * 1024 }]),
      413,
      WORKFLOW_FILE_MESSAGES.unpackedTooLarge,
    );
    await refused(rawZip([{ name: "workflow.json", data: big, method: 8, declaredSize: 1000 }]), 400, WORKFLOW_FILE_MESSAGES.damaged);
  });

  it("a body declared larger than the cap, before it is read", async () => {
    const res = await h.server.inject({
      method: "POST",
      url: `/api/projects/${target}/workflow/prepare`,
      headers: { ...owner.headers, "content-type": "application/zip", "content-length": String(200 * 1024 * 1024 + 1) },
      payload: Buffer.alloc(10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(WORKFLOW_FILE_MESSAGES.tooLarge);
  });

  it("media whose bytes are not a type the studio takes: nothing of the file is kept, not even its good media", async () => {
    const svg = strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const doc = validDoc({
      media: [
        { ref: "/api/media/good", path: "media/1.png", contentType: "image/png" },
        { ref: "/api/media/bad", path: "media/2.svg", contentType: "image/svg+xml" },
      ],
    });
    await refused(handMade(doc, { "media/1.png": PNG, "media/2.svg": svg }), 415, /image\/svg\+xml/);
  });

  it("a node's media of another type than the node's: a text file on an image node", async () => {
    const doc = validDoc({
      nodes: [
        {
          id: "a",
          type: "generic_v2",
          position: { x: 0, y: 0 },
          data: { title: "Poster", contentType: "image", mediaUrl: "/api/media/notes" },
        },
      ],
      media: [{ ref: "/api/media/notes", path: "media/1.txt", contentType: "text/plain" }],
    });
    await refused(
      handMade(doc, { "media/1.txt": strToU8("just some notes, not a picture") }),
      400,
      'The node "Poster" is an image node, but its media file (media/1.txt) is text.',
    );
    // The same picture on an image node is taken.
    const fine = validDoc({
      nodes: [
        {
          id: "a",
          type: "generic_v2",
          position: { x: 0, y: 0 },
          data: { title: "Poster", contentType: "image", mediaUrl: "/api/media/pic" },
        },
      ],
      media: [{ ref: "/api/media/pic", path: "media/1.png", contentType: "image/png" }],
    });
    const ok = await prepare(await newProject("Type match"), handMade(fine, { "media/1.png": PNG }));
    expect(ok.status).toBe(200);
  });

  it("a listed media file the zip does not hold", async () => {
    const doc = validDoc({ media: [{ ref: "/api/media/gone", path: "media/1.png", contentType: "image/png" }] });
    await refused(handMade(doc), 400, WORKFLOW_FILE_MESSAGES.missingMedia("media/1.png"));
  });

  it("a body that is not a zip upload", async () => {
    const res = await h.call(owner, "POST", `/api/projects/${target}/workflow/prepare`, { nodes: [] });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(WORKFLOW_FILE_MESSAGES.sendZip);
  });
});

describe("who may export and import", () => {
  it("a view-only member may export but not import", async () => {
    expect((await exportZip(source, "", viewer)).status).toBe(200);
    const res = await prepare(source, handMade(validDoc()), viewer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("a stranger may do neither, and an unknown project is not found", async () => {
    expect((await exportZip(source, "", stranger)).status).toBe(403);
    expect((await prepare(source, handMade(validDoc()), stranger)).status).toBe(403);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await exportZip(unknown)).status).toBe(404);
    expect((await prepare(unknown, handMade(validDoc()))).status).toBe(404);
    expect(await mediaRowsOf(source)).toHaveLength(1);
  });
});
