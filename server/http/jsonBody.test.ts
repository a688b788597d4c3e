import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { allRoutes, concreteUrl } from "../test/routeTable";
import { BODY_LIMITS, CONTENT_ROUTES } from "./bodyLimits";
import { exceedsJsonDepth, JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from "./jsonBody";

/**
 * A JSON body 10,000 levels deep was a 500 on every JSON route, before any sign-in (the
 * text rule's walk overflowed the stack). Bodies past the depth limit are refused with a 400 by the body
 * parser, before any hook, schema or route sees them; each route reads only as much as it needs.
 */

let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Owner");
});
afterAll(() => h.close());

const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  h.server.inject({ method: "POST", url, headers: { "content-type": "application/json", ...headers }, payload });

describe("the depth check", () => {
  it("counts objects and arrays, not brackets inside strings", () => {
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`)).toBe(false);
    expect(exceedsJsonDepth(`{"a":${nested(JSON_MAX_DEPTH)}}`)).toBe(true);
    expect(exceedsJsonDepth(JSON.stringify({ text: "[".repeat(1000) + '\\"{{{' }))).toBe(false);
    // Siblings do not add up: only nesting does.
    expect(exceedsJsonDepth(`[${Array.from({ length: 1000 }, () => nested(10)).join(",")}]`)).toBe(false);
  });
});

describe("deep JSON bodies", () => {
  it("are a 400 on every route that takes a body, signed in or not (a 500 before)", async () => {
    const body = nested(5_000); // 10 KB: under every route's size limit, sign-in's included
    const failures: string[] = [];
    for (const route of allRoutes(h.server)) {
      for (const method of route.methods.filter((m) => m !== "GET")) {
        for (const user of [owner, null]) {
          const res = await h.server.inject({
            method: method as "POST",
            url: concreteUrl(route.url),
            headers: { "content-type": "application/json", ...(user?.headers ?? {}) },
            payload: body,
          });
          const answer = res.json();
          if (res.statusCode !== 400 || answer.error !== JSON_TOO_DEEP_MESSAGE)
            failures.push(`${method} ${route.url} (${user ? "signed in" : "anonymous"}) → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses the payment webhook's deep event (it reads its raw bytes) and an unknown path's", async () => {
    expect((await post("/api/billing/webhook", nested(10_000))).json()).toEqual({ error: JSON_TOO_DEEP_MESSAGE, code: "bad_request" });
    expect((await post("/api/nothing/here", nested(10_000))).statusCode).toBe(400);
  });

  it("takes a body at the limit as it did (its own checks answer)", async () => {
    const atLimit = await post(
      "/api/projects",
      JSON.stringify({ name: "Deep enough", description: JSON.parse(nested(JSON_MAX_DEPTH - 1)) }),
      owner.headers,
    );
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).not.toBe(JSON_TOO_DEEP_MESSAGE);
    const plain = await post("/api/projects", JSON.stringify({ name: "Plain" }), owner.headers);
    expect(plain.statusCode).toBe(201);
  });
});

describe("body size limits per route", () => {
  it("reads no more than a route needs: sign-in 16 KB, small requests 256 KB, canvas content 1 MB", async () => {
    const signIn = await post(
      "/api/auth/sign-in/email",
      JSON.stringify({ email: "a@example.com", password: "x".repeat(BODY_LIMITS.auth) }),
    );
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json().code).toBe("payload_too_large");
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Sizes" })).body.id as string;
    const member = await post(
      `/api/projects/${project}/members`,
      JSON.stringify({ email: "b@example.com", permission: "view", pad: "x".repeat(BODY_LIMITS.standard) }),
      owner.headers,
    );
    expect(member.statusCode).toBe(413);
    // Autosave carries node data: 900 KB is read, and answered by its own rules.
    const autosave = await post(
      "/api/workflows/autosave",
      JSON.stringify({
        projectId: project,
        updates: [{ nodeId: "n1", prevRev: 0, nodeData: { title: "Big", content: "y".repeat(900_000), rev: 1 } }],
      }),
      owner.headers,
    );
    expect(autosave.statusCode).not.toBe(413);
  });

  it("names only routes that exist", () => {
    const missing = CONTENT_ROUTES.filter((entry) => {
      const [method, url] = entry.split(" ") as [string, string];
      return !h.server.hasRoute({ method: method as "POST", url });
    });
    expect(missing).toEqual([]);
  });
});
