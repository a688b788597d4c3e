import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preloadLinks, registerStaticRoutes } from "./staticRoutes";

const PROJECT = "3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f";
let app: FastifyInstance;
const appDir = mkdtempSync(path.join(tmpdir(), "reelgraph-static-"));

beforeAll(async () => {
  writeFileSync(path.join(appDir, "index.html"), "<!doctype html><title>Reelgraph</title>");
  app = Fastify();
  await registerStaticRoutes(app, appDir, "default-src 'self'");
});
afterAll(async () => {
  await app.close();
  rmSync(appDir, { recursive: true, force: true });
});

describe("a project page's preload links", () => {
  it("name the session, the project and its canvas, exactly as the app fetches them", () => {
    expect(preloadLinks(`/?project=${PROJECT}`)).toBe(
      [
        "</api/auth/get-session>; rel=preload; as=fetch; crossorigin",
        `</api/projects/${PROJECT}>; rel=preload; as=fetch; crossorigin`,
        `</api/projects/nodes?projectId=${PROJECT}>; rel=preload; as=fetch; crossorigin`,
      ].join(", "),
    );
  });

  it("are sent with the page, and only for a project page with a valid project id", async () => {
    const page = await app.inject({ method: "GET", url: `/?project=${PROJECT}&node=n1` });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toContain(`/api/projects/nodes?projectId=${PROJECT}`);
    for (const url of ["/", "/?project=not-an-id", `/login?project=${PROJECT}`, `/?project=${PROJECT}%3E%3Bx`]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers.link, url).toBeUndefined();
    }
  });
});
