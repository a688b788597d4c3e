import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKFLOW_LIMITS } from "../../domain/workflowFile/format";
import { StudioProcess } from "../fuzz/studioProcess";
import { pollHealth } from "./healthPoller";

/**
 * The studio under abuse, against the real server as a child process (loopback only): while it is flooded
 * with 100 unauthenticated 100 KB bodies nested 50,000 deep, imports a 20 MB workflow zip of random media
 * and is sent zips past the 200 MB cap, /api/health keeps answering within a second. Before the fixes one
 * health check took over two minutes (the text rule walked the zip's bytes) and the deep bodies were 500s.
 */

let studio: StudioProcess;
let auth: Record<string, string>;
let projectId: string;

beforeAll(async () => {
  studio = await StudioProcess.start({}, 110_000);
  const email = `abuse.${randomBytes(4).toString("hex")}@example.com`;
  const signUp = await fetch(`${studio.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: studio.url },
    body: JSON.stringify({ name: "Abuser", email, password: "correct horse 1" }),
  });
  expect(signUp.status).toBe(200);
  auth = { authorization: `Bearer ${((await signUp.json()) as { token: string }).token}` };
  const project = await fetch(`${studio.url}/api/projects`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Abuse" }),
  });
  projectId = ((await project.json()) as { id: string }).id;
}, 120_000);
afterAll(() => studio?.stop());

const PNG_HEAD = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082",
  "hex",
);
const MEDIA_URL = "/api/media/11111111-1111-4111-8111-111111111111";

/** A workflow file of one image node whose picture is `mediaBytes` of random bytes behind a PNG's head. */
function workflowZip(mediaBytes: number): Buffer {
  const doc = {
    format: "reelgraph-workflow",
    version: 1,
    exportedAt: new Date().toISOString(),
    nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Noise", contentType: "image", mediaUrl: MEDIA_URL } }],
    edges: [],
    media: [{ ref: MEDIA_URL, path: "media/noise.png", contentType: "image/png" }],
  };
  const png = Buffer.concat([PNG_HEAD, randomBytes(mediaBytes)]);
  return Buffer.from(zipSync({ "workflow.json": strToU8(JSON.stringify(doc)), "media/noise.png": [png, { level: 0 }] }));
}

const prepareUrl = () => `${studio.url}/api/projects/${projectId}/workflow/prepare`;

/** A zip upload by hand: `declared` as its Content-Length (none when null), `send` bytes of it actually sent. */
function sendZip(declared: number | null, send: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(prepareUrl());
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { ...auth, "content-type": "application/zip", ...(declared === null ? {} : { "content-length": String(declared) }) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    // The server answers a refused upload before reading it, and may close the connection under the writer.
    req.on("error", (err) => (req.destroyed ? undefined : reject(err)));
    req.write(send);
    if (declared === null) req.end();
  });
}

const countBy = (values: number[]) => values.reduce<Record<number, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

const deepBody = "[".repeat(50_000) + "]".repeat(50_000); // 100 KB

describe("the health check while the studio is abused", () => {
  it("answers within a second through a deep-body flood, a 20 MB workflow import and zips past the cap", async () => {
    const zip = workflowZip(20 * 1024 * 1024);
    const poller = pollHealth(studio.url);
    await new Promise((r) => setTimeout(r, 300)); // its first answers, before any abuse, are its baseline

    const routes = [
      "/api/auth/sign-in/email",
      "/api/projects",
      "/api/workflows/autosave",
      "/api/billing/webhook",
      `/api/projects/${projectId}/scripts`,
    ];
    const flood = Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await fetch(`${studio.url}${routes[i % routes.length]}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: studio.url },
          body: deepBody,
        });
        return res.status;
      }),
    );
    const importing = fetch(prepareUrl(), {
      method: "POST",
      headers: { ...auth, "content-type": "application/zip" },
      body: new Uint8Array(zip),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { nodes?: unknown[]; mediaCount?: number } }));
    const overCap = sendZip(WORKFLOW_LIMITS.zipBytes + 1, Buffer.alloc(64 * 1024));
    const unsized = sendZip(null, zip.subarray(0, 1024 * 1024));

    const [statuses, imported, overCapStatus, unsizedStatus] = await Promise.all([flood, importing, overCap, unsized]);
    const health = await poller.stop();
    console.info(
      `health under abuse: worst ${health.worstMs} ms over ${health.polls} checks; flood ${JSON.stringify(countBy(statuses))}; import ${imported.status}`,
    );

    // Every deep body is refused before it is parsed: 413 where the route's size limit is smaller (sign-in), else 400.
    expect(statuses.filter((s) => s !== 400 && s !== 413)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(80);
    expect(imported.status).toBe(200);
    expect(imported.body.mediaCount).toBe(1);
    expect(overCapStatus).toBe(413);
    expect(unsizedStatus).toBe(411);
    expect(health.failures).toBe(0);
    expect(health.polls).toBeGreaterThan(5);
    expect(health.worstMs).toBeLessThan(1000);
  });
});
