/**
 * Node media fields and shot images take only the studio's own media URLs; an outside URL
 * or a path like /api/../../etc/passwd is refused with a message naming the field, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Scene } from "../../domain/shotlists/schema";
import { updateShot } from "../../domain/shotlists/edits";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { buildShotList } from "../shotlists/testSupport";

let h: Harness;
let owner: TestUser;
let projectId: string;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Owner");
  projectId = (await h.call(owner, "POST", "/api/projects", { name: "Media URLs" })).body.id;
  await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
});
afterAll(() => h?.close());

const OUTSIDE = ["https://evil.example/pixel.png", "/api/../../etc/passwd"];

describe("node media URLs", () => {
  it("refuses outside URLs and traversal paths in any media field, and the node keeps what it had", async () => {
    const ok = await h.call(owner, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "n1", prevRev: 0, nodeData: { mediaUrl: "/api/media/0b9c1a5e-5c4b-4a8e-9f6d-1d2e3f4a5b6c", rev: 1 } }],
    });
    expect(ok.status).toBe(200);
    for (const url of OUTSIDE) {
      for (const field of ["mediaUrl", "displayUrl", "azureUrl", "permanentMediaUrl", "thumbnailUrl", "url"]) {
        const res = await h.call(owner, "POST", "/api/workflows/autosave", {
          projectId,
          updates: [{ nodeId: "n1", prevRev: 1, nodeData: { [field]: url, rev: 2 } }],
        });
        // Autosave answers per update: this one is refused, naming the field, and nothing of it is written.
        expect(res.status, `${field} = ${url}`).toBe(200);
        expect(res.body.refused).toEqual([
          expect.objectContaining({ nodeId: "n1", error: expect.stringContaining(`${field} must be a studio media URL (/api/media/…)`) }),
        ]);
      }
    }
    const nodes = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes;
    expect(nodes[0].data.mediaUrl).toBe("/api/media/0b9c1a5e-5c4b-4a8e-9f6d-1d2e3f4a5b6c");
    expect(nodes[0].rev).toBe(1);
  });
});

describe("shot images", () => {
  it("refuses an outside URL or a traversal path as a shot's image", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    for (const url of OUTSIDE) {
      const scenes = updateShot(list.scenes as Scene[], list.scenes[0].shots[0].id, { image: url });
      const res = await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("Image must be a studio media URL (/api/media/…)");
    }
    expect((await h.call(owner, "GET", `/api/shot-lists/${list.id}`)).body.version).toBe(list.version);
  });
});
