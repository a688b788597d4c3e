import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { multipartForm } from "../test/multipart";
import { allRoutes as allRoutesOf, concreteUrl } from "../test/routeTable";

/**
 * A NUL (or a lone surrogate) in any stored text was a 500 (PostgreSQL refuses NUL in text
 * and jsonb). The rule (domain/text.ts) is applied to every request before its route runs; these tests
 * walk every route the server has, so a route added later is tested without anyone listing it here.
 */

let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Owner");
});
afterAll(() => h.close());

const POISONS = { nul: "a\u0000b", surrogate: "a\ud800b", lowSurrogate: "\udc00" } as const;

const allRoutes = () => allRoutesOf(h.server);
const concrete = concreteUrl;

describe("the text rule on every route", () => {
  it("finds the whole route table", () => {
    const urls = allRoutes().map((r) => r.url);
    expect(urls.length).toBeGreaterThan(40);
    expect(urls).toEqual(
      expect.arrayContaining(["/api/projects", "/api/workflows/autosave", "/api/projects/:id/structure", "/api/upload-media", "*"]),
    );
  });

  it("refuses a poisoned JSON body field with a 400 that names the field, on every route that takes a body", async () => {
    const failures: string[] = [];
    for (const route of allRoutes()) {
      for (const method of route.methods.filter((m) => m !== "GET")) {
        for (const [kind, poison] of Object.entries(POISONS)) {
          const url = concrete(route.url);
          // Autosave checks each update on its own (below); its envelope fields are checked like any body.
          const payload = { poisonedField: poison, nested: { deeper: [poison] } };
          const res = await h.server.inject({
            method: method as "POST",
            url,
            headers: { ...owner.headers, "content-type": "application/json" },
            payload: JSON.stringify(payload),
          });
          const body = res.json();
          const named = typeof body.error === "string" && body.error.includes("poisonedField");
          if (res.statusCode !== 400 || body.code !== "bad_request" || !named)
            failures.push(`${method} ${route.url} (${kind}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a poisoned query or path parameter on every route", async () => {
    const failures: string[] = [];
    for (const route of allRoutes()) {
      for (const method of route.methods) {
        const url = `${concrete(route.url)}?q=${encodeURIComponent(POISONS.nul)}`;
        const res = await h.server.inject({ method: method as "GET", url, headers: owner.headers });
        if (res.statusCode !== 400 || !res.body.includes("q contains a NUL character"))
          failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (!route.url.includes(":")) continue;
        const param = route.url.replace(/:\w+/g, encodeURIComponent(POISONS.nul));
        const byParam = await h.server.inject({ method: method as "GET", url: param, headers: owner.headers });
        if (byParam.statusCode !== 400 || !byParam.body.includes("contains a NUL character"))
          failures.push(`${method} ${param} → ${byParam.statusCode} ${byParam.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the text rule where it bit", () => {
  it("refuses a NUL in a new project's name or description, and creates nothing", async () => {
    const before = (await h.call(owner, "GET", "/api/projects")).body.projects.length;
    const named = await h.call(owner, "POST", "/api/projects", { name: POISONS.nul });
    expect(named).toEqual({ status: 400, body: { error: "name contains a NUL character, which cannot be stored", code: "bad_request" } });
    const described = await h.call(owner, "POST", "/api/projects", { name: "Fine", description: POISONS.surrogate });
    expect(described).toEqual({
      status: 400,
      body: { error: "description contains broken Unicode (an unpaired surrogate), which cannot be stored", code: "bad_request" },
    });
    expect((await h.call(owner, "GET", "/api/projects")).body.projects.length).toBe(before);
  });

  it("refuses a NUL in a renamed project or its description, and changes nothing", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Rename me", description: "As it was" })).body;
    for (const patch of [{ name: POISONS.nul }, { description: POISONS.nul }, { name: "Good", description: POISONS.lowSurrogate }]) {
      const res = await h.call(owner, "PATCH", `/api/projects/${project.id}`, patch);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^(name|description) contains/);
    }
    expect((await h.call(owner, "GET", `/api/projects/${project.id}`)).body).toMatchObject({ name: "Rename me", description: "As it was" });
  });

  it("keeps well-formed text that merely looks unusual: emoji (surrogate pairs), other control characters", async () => {
    const res = await h.call(owner, "POST", "/api/projects", { name: "Night 🌙 swim\u0007", description: "tab\there" });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Night 🌙 swim\u0007");
  });

  it("refuses a NUL in a user's name at sign-up (better-auth's route too)", async () => {
    const res = await h.call(null, "POST", "/api/auth/sign-up/email", {
      name: POISONS.nul,
      email: "nul@example.com",
      password: "correct horse 1",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("name contains a NUL character, which cannot be stored");
  });

  it("refuses NUL in node data anywhere in the jsonb — a typed field, a field of its own, a key — per update", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Poisoned canvas" })).body;
    const updates = [
      { nodeId: "good-1", nodeData: { title: "fine", rev: 1 }, prevRev: 0 },
      { nodeId: "bad-title", nodeData: { title: POISONS.nul, rev: 1 }, prevRev: 0 },
      { nodeId: "bad-extra", nodeData: { title: "ok", custom: { notes: [POISONS.surrogate] }, rev: 1 }, prevRev: 0 },
      { nodeId: "bad-key", nodeData: { title: "ok", [`k${POISONS.nul}`]: 1, rev: 1 }, prevRev: 0 },
      { nodeId: "good-2", nodeData: { title: "also fine", rev: 1 }, prevRev: 0 },
    ];
    const res = await h.call(owner, "POST", "/api/workflows/autosave", { projectId: project.id, updates });
    expect(res.status).toBe(200);
    expect(res.body.conflicts).toEqual([]);
    expect(res.body.refused).toEqual([
      { index: 1, nodeId: "bad-title", error: "nodeData.title contains a NUL character, which cannot be stored", code: "bad_request" },
      {
        index: 2,
        nodeId: "bad-extra",
        error: "nodeData.custom.notes[0] contains broken Unicode (an unpaired surrogate), which cannot be stored",
        code: "bad_request",
      },
      {
        index: 3,
        nodeId: "bad-key",
        error: "Field name nodeData.ka\\u0000b contains a NUL character, which cannot be stored",
        code: "bad_request",
      },
    ]);
    const canvas = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${project.id}`)).body;
    expect(canvas.nodes.map((n: { id: string }) => n.id).sort()).toEqual(["good-1", "good-2"]);
  });

  it("refuses a NUL in the autosave envelope (clientId) as a whole", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Envelope" })).body;
    const res = await h.call(owner, "POST", "/api/workflows/autosave", {
      projectId: project.id,
      clientId: POISONS.nul,
      updates: [{ nodeId: "n", nodeData: { rev: 1 }, prevRev: 0 }],
    });
    expect(res).toEqual({ status: 400, body: { error: "clientId contains a NUL character, which cannot be stored", code: "bad_request" } });
  });

  it("refuses a NUL in structure writes (node type, edge handles) and stores none of them", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Structure" })).body;
    const res = await h.call(owner, "POST", `/api/projects/${project.id}/structure`, {
      nodes: [{ id: "a", type: POISONS.nul, position: { x: 0, y: 0 } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("nodes[0].type contains a NUL character, which cannot be stored");
    expect((await h.call(owner, "GET", `/api/projects/nodes?projectId=${project.id}`)).body.nodes).toEqual([]);
  });

  it("refuses a NUL in multipart fields (the upload's node id, a script's name)", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Multipart" })).body;
    const upload = multipartForm([
      ["projectId", project.id],
      ["nodeId", POISONS.nul],
      ["file", { filename: "notes.txt", type: "text/plain", data: Buffer.from("hello") }],
    ]);
    const res = await h.server.inject({
      method: "POST",
      url: "/api/upload-media",
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("nodeId contains a NUL character, which cannot be stored");

    const script = multipartForm([
      ["name", POISONS.nul],
      ["file", { filename: "a.fountain", type: "text/plain", data: Buffer.from("INT. ROOM - DAY\n\nShe waits.\n") }],
    ]);
    const imported = await h.server.inject({
      method: "POST",
      url: `/api/projects/${project.id}/scripts/import`,
      headers: { ...owner.headers, ...script.headers },
      payload: script.payload,
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error).toBe("name contains a NUL character, which cannot be stored");
  });

  it("refuses a script file whose text holds a NUL, and creates no script", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Script with NUL" })).body;
    const script = multipartForm([
      ["file", { filename: "a.fountain", type: "text/plain", data: Buffer.from("INT. ROOM - DAY\n\nShe waits.\u0000\n") }],
    ]);
    const imported = await h.server.inject({
      method: "POST",
      url: `/api/projects/${project.id}/scripts/import`,
      headers: { ...owner.headers, ...script.headers },
      payload: script.payload,
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error).toBe("The script file contains a NUL character, which cannot be stored");
    expect((await h.call(owner, "GET", `/api/projects/${project.id}/scripts`)).body.scripts ?? []).toEqual([]);
  });
});
