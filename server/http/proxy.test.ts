import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { solidPng } from "../../e2e/support/png";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { safeDownloadName } from "./proxyRoutes";
import { multipartForm } from "../test/multipart";

let h: Harness;
let owner: TestUser;
let stranger: TestUser;
let mediaUrl: string;
let canary: net.Server;
let canaryPort = 0;
let canaryConnections = 0;

beforeAll(async () => {
  h = await createHarness();
  [owner, stranger] = await Promise.all([h.signUp("Owner"), h.signUp("Stranger")]);
  const projectId = (await h.call(owner, "POST", "/api/projects", { name: "Downloads" })).body.id;
  const body = multipartForm([
    ["projectId", projectId],
    ["nodeId", "node-1"],
    ["contentType", "image"],
    ["file", { filename: "frame.png", type: "image/png", data: solidPng(8, 8, [1, 2, 3]) }],
  ]);
  const res = await h.server.inject({
    method: "POST",
    url: "/api/upload-media",
    headers: { ...owner.headers, ...body.headers },
    payload: body.payload,
  });
  mediaUrl = JSON.parse(res.body).url;
  // A listener on loopback standing in for an internal service: no refused request may reach it.
  canary = net.createServer((socket) => {
    canaryConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, "127.0.0.1", resolve));
  canaryPort = (canary.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => canary.close(r));
  await h.close();
});

const get = (user: TestUser | null, url: string) => h.server.inject({ method: "GET", url, headers: user ? user.headers : {} });

describe("GET /api/download", () => {
  it("downloads the studio's own media as an attachment named reelgraph-{node}.{ext}", async () => {
    const res = await get(owner, `/api/download?url=${encodeURIComponent(mediaUrl)}&filename=reelgraph-node-1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="reelgraph-node-1.png"');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("gives strangers and signed-out callers nothing", async () => {
    expect((await get(stranger, `/api/download?url=${encodeURIComponent(mediaUrl)}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await get(null, `/api/download?url=${encodeURIComponent(mediaUrl)}`)).statusCode).toBe(401);
  });

  it("refuses a missing url", async () => {
    const res = await get(owner, "/api/download");
    expect(JSON.parse(res.body)).toEqual({ error: "url is required", code: "bad_request" });
  });

  it("refuses internal addresses in every disguise, in time, without touching them", async () => {
    const targets = [
      `http://127.0.0.1:${canaryPort}/`,
      `http://2130706433:${canaryPort}/`,
      `http://0x7f.1:${canaryPort}/`,
      `http://[::ffff:7f00:1]:${canaryPort}/`,
      `http://[::ffff:127.0.0.1]:${canaryPort}/`,
      `http://localhost:${canaryPort}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "file:///etc/passwd",
      "gopher://127.0.0.1:70/",
    ];
    for (const route of ["/api/download", "/api/3d-proxy"]) {
      for (const target of targets) {
        const started = Date.now();
        const res = await get(owner, `${route}?url=${encodeURIComponent(target)}`);
        expect(res.statusCode, `${route} ${target}`).toBe(400);
        expect(Date.now() - started).toBeLessThan(5000);
      }
    }
    expect(canaryConnections).toBe(0);
  });
});

describe("GET /api/3d-proxy", () => {
  it("serves the studio's own media to members only", async () => {
    expect((await get(owner, `/api/3d-proxy?url=${encodeURIComponent(mediaUrl)}`)).statusCode).toBe(200);
    expect((await get(stranger, `/api/3d-proxy?url=${encodeURIComponent(mediaUrl)}`)).statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe("download names", () => {
  it("keep the reelgraph prefix and only safe characters", () => {
    expect(safeDownloadName("reelgraph-node-7", "mp4")).toBe("reelgraph-node-7.mp4");
    expect(safeDownloadName('../../etc/"passwd"\r\n', "txt")).toBe("reelgraph-etc-passwd.txt");
    expect(safeDownloadName(undefined, "png")).toBe("reelgraph-download.png");
    expect(safeDownloadName("clip.webm", "bin")).toBe("reelgraph-clip.webm");
  });
});
