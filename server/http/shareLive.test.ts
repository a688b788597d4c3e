/**
 * Sharing reaches the other user at once. A new share reaches their dashboard's channel
 * (GET /api/live), and a change of permission reaches their open project tab, which follows it.
 */
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, projectWithViewer, type Harness, type TestUser, shareProject } from "../test/harness";

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await createHarness();
  base = (await h.server.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
});
afterAll(() => h.close());

/** Opens a live socket as `user` and waits for its `ready`; later messages are collected. */
async function open(user: TestUser, path: string) {
  const ws = new WebSocket(`${base}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  const messages: { type: string; permission?: string }[] = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on("message", (m) => {
      const msg = JSON.parse(String(m));
      if (msg.type === "ready") resolve();
      else messages.push(msg);
    });
    ws.on("error", reject);
    void closed.then(() => resolve());
  });
  return { ws, messages, closed };
}

describe("sharing live", () => {
  it("a new share and a removal reach the member's own channel; nobody else's", async () => {
    const [owner, member, other] = await Promise.all([h.signUp("Owner"), h.signUp("Member"), h.signUp("Other")]);
    const mine = await open(member, "/api/live");
    const theirs = await open(other, "/api/live");
    const projectId = (await h.call(owner, "POST", "/api/projects", { name: "Rain Chase" })).body.id as string;
    expect((await shareProject(h, owner, projectId, member, "view")).status).toBe(201);
    await expect.poll(() => mine.messages).toEqual([{ type: "projects" }]);
    expect((await h.call(owner, "DELETE", `/api/projects/${projectId}/members/${member.id}`)).status).toBe(200);
    await expect.poll(() => mine.messages.length).toBe(2);
    expect(theirs.messages).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it("the user channel refuses a caller without a session", async () => {
    const ws = new WebSocket(`${base}/api/live`);
    const code = await new Promise<number>((resolve) => ws.on("close", (c) => resolve(c)));
    expect(code).toBe(4401);
  });

  it("view → edit → view reaches the member's open project socket, and only theirs", async () => {
    const { owner, viewer, projectId } = await projectWithViewer(h, "Access live");
    const tab = await open(viewer, `/api/projects/${projectId}/live`);
    const ownerTab = await open(owner, `/api/projects/${projectId}/live`);
    await shareProject(h, owner, projectId, viewer, "edit");
    await expect.poll(() => tab.messages).toEqual([{ type: "access", permission: "edit" }]);
    await shareProject(h, owner, projectId, viewer, "view");
    await expect
      .poll(() => tab.messages)
      .toEqual([
        { type: "access", permission: "edit" },
        { type: "access", permission: "view" },
      ]);
    expect(ownerTab.messages.filter((m) => m.type === "access")).toEqual([]);
    tab.ws.close();
    ownerTab.ws.close();
  });
});
