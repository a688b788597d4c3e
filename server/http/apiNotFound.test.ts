import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/testDatabase";
import { isApiPath } from "./apiPath";

/** A path in the API's namespace that no route takes must be a JSON 404, never the SPA. */

let server: FastifyInstance;
let database: Database;
const appDir = mkdtempSync(path.join(tmpdir(), "reelgraph-spa-"));

beforeAll(async () => {
  writeFileSync(path.join(appDir, "index.html"), "<!doctype html><title>Reelgraph</title>");
  database = await openTestDatabase();
  ({ server } = await buildApp({
    database,
    config: { baseUrl: "http://localhost:3000", authSecret: randomBytes(32).toString("hex"), signupCredits: 0, port: 3000, appDir },
    generation: { env: {} },
  }));
});
afterAll(async () => {
  await server.close();
  await database.close();
  rmSync(appDir, { recursive: true, force: true });
});

describe("unknown API paths with the app being served", () => {
  it.each([
    "/api",
    "/api?x=1",
    "/api/",
    "/api/nope",
    "/api/projects/x/y/z",
    "/API/projects",
    "/Api/nope",
    "/%61pi/nope",
    "/api%2Fnope",
    "/api;x",
  ])("GET %s answers a JSON 404 with code not_found", async (url) => {
    for (const method of ["GET", "HEAD", "POST"] as const) {
      const res = await server.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      if (method !== "HEAD") expect(res.json()).toEqual({ error: expect.stringMatching(/^No route for /), code: "not_found" });
    }
  });

  it("still serves the app for its own routes and the API for real routes", async () => {
    for (const url of ["/", "/login", "/pricing", "/?project=abc", "/apis-guide", "/apiary"]) {
      const res = await server.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
    expect((await server.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ ok: true, db: database.kind });
  });
});

describe("isApiPath", () => {
  it("knows the API's namespace however it is spelled, and nothing else", () => {
    expect(["/api", "/api/", "/api/x", "/API/x", "/%61pi", "/api?q", "/api#x", "//api/x", "/api;v=1"].every(isApiPath)).toBe(true);
    expect(["/", "/apis", "/apiary/x", "/login", "/x/api", "/%zz"].some(isApiPath)).toBe(false);
  });
});
