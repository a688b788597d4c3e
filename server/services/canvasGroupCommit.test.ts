import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CanvasChange } from "../../domain/canvas/changes";
import type { RealtimeMessage } from "../../domain/realtime";
import { MESSAGES } from "../../domain/errors";
import type { HttpError } from "../errors";
import { createHarness, type Harness, type TestUser, shareProject } from "../test/harness";
import { applyChanges, loadCanvas, type ChangeOrigin } from "./canvasService";

/**
 * Node data lists that arrive together are written together (one statement), with every
 * node still checked against its own stored revision, and a list that fails fails alone.
 */

let h: Harness;
let owner: TestUser;
let projectA: string;
let projectB: string;
const heard: RealtimeMessage[] = [];

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Owner");
  projectA = (await h.call(owner, "POST", "/api/projects", { name: "Group A" })).body.id;
  projectB = (await h.call(owner, "POST", "/api/projects", { name: "Group B" })).body.id;
  h.hub.join(projectA, { send: (text) => heard.push(JSON.parse(text)) });
});
afterAll(() => h.close());

const db = () => h.database.db;
const byOwner: ChangeOrigin = { source: "user", actor: { userId: "" }, clientId: "tab" };
const write = (projectId: string, id: string, rev: number, prevRev: number, title = `${id} r${rev}`) =>
  applyChanges(db(), h.hub, projectId, [{ type: "node-data", id, data: { title, rev }, prevRev } as CanvasChange], {
    ...byOwner,
    actor: { userId: owner.id },
  });
const stored = async (projectId: string, id: string) => (await loadCanvas(db(), projectId)).nodes.find((n) => n.id === id);

describe("group commit of node data", () => {
  it("writes lists that arrive together in one statement, across projects, and answers each its own", async () => {
    for (let i = 0; i < 10; i++) await write(i % 2 ? projectB : projectA, `g${i}`, 1, 0);
    const statements = vi.spyOn(db(), "execute");
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => write(i % 2 ? projectB : projectA, `g${i}`, 2, 1)));
      expect(answers.map((a) => [a.applied.length, a.conflicts.length])).toEqual(Array.from({ length: 10 }, () => [1, 0]));
      // Ten lists, one at a time, took ten statements. PGlite runs one query at a time, so the nine that
      // arrive during the first one's statement wait and go together: the first one's and one more. On
      // PostgreSQL the pool runs statements side by side and answers sooner, so fewer lists wait, yet some do.
      expect(statements.mock.calls.length).toBeLessThanOrEqual(h.database.kind === "pglite" ? 3 : 9);
    } finally {
      statements.mockRestore();
    }
    for (let i = 0; i < 10; i++)
      expect(await stored(i % 2 ? projectB : projectA, `g${i}`)).toMatchObject({ rev: 2, data: { title: `g${i} r2` } });
  });

  it("checks each node under the revision rule, in arrival order, when waiting lists write the same node", async () => {
    await write(projectA, "same", 1, 0);
    heard.length = 0;
    const lists = [write(projectA, "same", 2, 1, "first"), write(projectA, "same", 3, 2, "second"), write(projectA, "same", 3, 2, "twin")];
    const answers = await Promise.all(lists);
    // Whatever the order: each list either landed or was refused with the copy it lost to, no revision landed
    // twice, what is stored is the last that landed, and each landing was published once, in order.
    const landed = answers
      .filter((a) => a.applied.length > 0)
      .map((a) => (a.applied[0] as Extract<CanvasChange, { type: "node-data" }>).data as { rev: number; title: string })
      .sort((a, b) => a.rev - b.rev);
    expect(new Set(landed.map((d) => d.rev)).size).toBe(landed.length);
    for (const a of answers) expect(a.applied.length + a.conflicts.length).toBe(1);
    const last = landed.at(-1)!;
    expect(await stored(projectA, "same")).toMatchObject({ rev: last.rev, data: { title: last.title } });
    const records = heard.flatMap((m) => (m.type === "nodes" ? m.nodes.map((n) => `${n.id}@${n.rev}`) : []));
    expect(records).toEqual(landed.map((d) => `same@${d.rev}`));
    if (h.database.kind === "pglite") {
      // PGlite answers one statement at a time, so the lists reach the committer in call order: `second`
      // lands after `first`, and its twin, made from the same revision, is refused with `second`'s copy.
      // (On a PostgreSQL pool each list's reads before the committer finish in any order.)
      const [first, second, staleTwin] = answers;
      expect(first!.conflicts).toEqual([]);
      expect(second!.conflicts).toEqual([]);
      expect(staleTwin!.applied).toEqual([]);
      expect(staleTwin!.conflicts).toEqual([{ nodeId: "same", rev: 3, nodeData: expect.objectContaining({ title: "second" }) }]);
      expect(records).toEqual(["same@2", "same@3"]);
    }
  });

  it("checks the writers of lists that wait together in one query, refusing only those who may not write", async () => {
    const viewer = await h.signUp("Viewer");
    const stranger = await h.signUp("Stranger");
    expect((await shareProject(h, owner, projectA, viewer, "view")).status).toBeLessThan(300);
    const by = (user: TestUser, projectId: string, id: string) =>
      applyChanges(db(), h.hub, projectId, [{ type: "node-data", id, data: { title: id, rev: 1 }, prevRev: 0 } as CanvasChange], {
        source: "user",
        actor: { userId: user.id },
      });
    const reads = vi.spyOn(db(), "select");
    try {
      const results = await Promise.allSettled([
        ...Array.from({ length: 6 }, (_, i) => by(owner, i % 2 ? projectB : projectA, `checked${i}`)),
        by(viewer, projectA, "viewer-node"),
        by(stranger, projectA, "stranger-node"),
        by(owner, randomUUID(), "nowhere"),
      ]);
      expect(results.slice(0, 6).map((r) => r.status)).toEqual(Array(6).fill("fulfilled"));
      const refusal = (r: PromiseSettledResult<unknown>) =>
        r.status === "rejected" ? [(r.reason as HttpError).status, (r.reason as HttpError).message] : r.status;
      expect(results.slice(6).map(refusal)).toEqual([
        [403, "You have view-only access to this project"],
        [403, MESSAGES.accessDeniedDefault],
        [404, MESSAGES.projectNotFound],
      ]);
      // Nine lists, one permission query each before; on PGlite the eight that wait go together.
      if (h.database.kind === "pglite") expect(reads.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      reads.mockRestore();
    }
    expect(await stored(projectA, "checked0")).toMatchObject({ rev: 1 });
    expect(await stored(projectA, "viewer-node")).toBeUndefined();
    expect(await stored(projectA, "stranger-node")).toBeUndefined();
  });

  it("remembers a writer's permission for a few seconds, and forgets it at once when the sharing changes or the project goes", async () => {
    const editor = await h.signUp("Editor");
    const projectC = (await h.call(owner, "POST", "/api/projects", { name: "Group C" })).body.id as string;
    const share = (permission: "edit" | "view") => shareProject(h, owner, projectC, editor, permission);
    let rev = 0;
    const save = (user: TestUser, projectId = projectC) =>
      applyChanges(
        db(),
        h.hub,
        projectId,
        [{ type: "node-data", id: `kept-${user.id}`, data: { title: "kept", rev: rev + 1 }, prevRev: rev++ } as CanvasChange],
        { source: "user", actor: { userId: user.id } },
      );
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => "saved",
        (err: HttpError) => [err.status, err.message],
      );
    const permissionQueries = async (during: () => Promise<unknown>) => {
      const reads = vi.spyOn(db(), "select");
      try {
        await during();
        return reads.mock.calls.length;
      } finally {
        reads.mockRestore();
      }
    };

    expect((await share("edit")).status).toBeLessThan(300);
    expect(await refusal(save(editor))).toBe("saved");
    expect(await permissionQueries(() => save(editor))).toBe(0); // remembered
    const later = Date.now() + 6_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      expect(await permissionQueries(() => save(editor))).toBe(1); // run out: asked again
    } finally {
      clock.mockRestore();
    }

    expect((await share("view")).status).toBeLessThan(300);
    expect(await refusal(save(editor))).toEqual([403, "You have view-only access to this project"]);
    expect((await share("edit")).status).toBeLessThan(300);
    expect(await refusal(save(editor))).toBe("saved");
    expect((await h.call(owner, "DELETE", `/api/projects/${projectC}/members/${editor.id}`)).status).toBeLessThan(300);
    expect(await refusal(save(editor))).toEqual([403, MESSAGES.accessDeniedDefault]);

    expect(await refusal(save(owner))).toBe("saved");
    expect((await h.call(owner, "DELETE", `/api/projects/${projectC}`)).status).toBeLessThan(300);
    expect(await refusal(save(owner))).toEqual([404, MESSAGES.projectNotFound]);
  });

  it("fails only the list at fault when a grouped statement fails", async () => {
    // A server writer's list for a project that does not exist breaks the nodes' foreign key.
    const ghost = applyChanges(db(), h.hub, randomUUID(), [{ type: "node-data", id: "ghost", data: { rev: 1 }, prevRev: 0 }], {
      source: "generation",
      actor: { system: "generation" },
    });
    const fine = Array.from({ length: 4 }, (_, i) => write(projectB, `fine${i}`, 1, 0));
    const results = await Promise.allSettled([...fine, ghost]);
    expect(results.slice(0, 4).map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
    expect(results[4]!.status).toBe("rejected");
    for (let i = 0; i < 4; i++) expect(await stored(projectB, `fine${i}`)).toMatchObject({ rev: 1 });
  });
});
