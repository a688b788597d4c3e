/**
 * An asset downloads under the project's and node's names (RFC 6266, filename* for names
 * beyond ASCII), while the stored file keeps its generated name; only members may download.
 */
import sharp from "sharp";
import { parse as parseDisposition } from "content-disposition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { multipartForm } from "../test/multipart";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function nodeWith(user: TestUser, projectId: string, nodeId: string, data: Record<string, unknown>) {
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: nodeId, position: { x: 0, y: 0 } }] });
  const saved = await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [{ nodeId, prevRev: 0, nodeData: { ...data, rev: 1 } }],
  });
  expect(saved.status).toBe(200);
}

async function uploadPng(user: TestUser, projectId: string): Promise<string> {
  const data = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const form = multipartForm([
    ["projectId", projectId],
    ["nodeId", "shot"],
    ["file", { filename: "x.png", type: "image/png", data }],
  ]);
  const res = await h.server.inject({
    method: "POST",
    url: "/api/upload-media",
    payload: form.payload,
    headers: { ...user.headers, ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).url as string;
}

const download = (user: TestUser | null, projectId: string, nodeId: string) =>
  h.server.inject({ method: "GET", url: `/api/projects/${projectId}/assets/${nodeId}/download`, headers: user?.headers ?? {} });

describe("asset downloads named after the project and node", () => {
  it("an image downloads as 'Project – Title.png' with filename* for the dash; the media URL keeps its generated name", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Rain Chase");
    const url = await uploadPng(owner, projectId);
    await nodeWith(owner, projectId, "shot", { title: "Shot 2", status: "completed", contentType: "image", mediaUrl: url });
    const res = await download(viewer, projectId, "shot");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const disposition = String(res.headers["content-disposition"]);
    const parsed = parseDisposition(disposition);
    expect([parsed.type, parsed.parameters.filename]).toEqual(["attachment", "Rain Chase – Shot 2.png"]);
    expect(disposition).toContain("filename*=UTF-8''Rain%20Chase%20%E2%80%93%20Shot%202.png");
    expect(disposition).toContain('filename="Rain Chase - Shot 2.png"');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    // The stored file's own URL still answers under its generated name.
    const stored = await h.server.inject({ method: "GET", url, headers: owner.headers });
    expect(String(stored.headers["content-disposition"])).toMatch(/filename="reelgraph-[0-9a-f-]{36}\.png"/);
    expect((await download(stranger, projectId, "shot")).statusCode).toBe(403);
    expect((await download(null, projectId, "shot")).statusCode).toBe(401);
  });

  it("a text result downloads as a .txt of its words; a node with nothing to download is 404", async () => {
    const { owner, projectId } = await projectWithViewer(h, "Été à Paris");
    await nodeWith(owner, projectId, "logline", {
      title: "Logline",
      status: "completed",
      contentType: "text",
      content: "A courier races the rain.",
    });
    const res = await download(owner, projectId, "logline");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe("A courier races the rain.");
    expect(parseDisposition(String(res.headers["content-disposition"])).parameters.filename).toBe("Été à Paris – Logline.txt");
    await nodeWith(owner, projectId, "empty", { title: "Empty" });
    expect((await download(owner, projectId, "empty")).statusCode).toBe(404);
    expect((await download(owner, projectId, "missing")).statusCode).toBe(404);
  });
});
