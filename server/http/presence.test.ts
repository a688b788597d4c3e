/**
 * Presence over the live channel: members see each other's tabs, modes, selections and cursors;
 * strangers and members of other projects hear nothing; tabs that did not say hello (the canvas's and the
 * editor's own sockets) get none of it; a tab that floods cursors is passed on 20 times a second.
 */
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURSOR_INTERVAL_MS, presenceColor, type PresenceMessage, type PresencePeer } from "../../domain/presence/presence";
import { createHarness, projectWithViewer, type Harness, type TestUser, shareProject } from "../test/harness";

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await createHarness();
  base = (await h.server.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
});
afterAll(() => h.close());

interface Tab {
  ws: WebSocket;
  messages: (PresenceMessage | { type: string })[];
  closed: Promise<number>;
  send(frame: unknown): void;
  /** The snapshot answering this tab's hello. */
  snapshot(): Extract<PresenceMessage, { type: "presence-snapshot" }> | undefined;
  peers(): Map<string, PresencePeer>;
}

async function openTab(user: TestUser, projectId: string, hello?: Record<string, unknown>): Promise<Tab> {
  const ws = new WebSocket(`${base}/api/projects/${projectId}/live`, { headers: { authorization: `Bearer ${user.token}` } });
  const messages: Tab["messages"] = [];
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
  const tab: Tab = {
    ws,
    messages,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    snapshot: () => messages.find((m): m is Extract<PresenceMessage, { type: "presence-snapshot" }> => m.type === "presence-snapshot"),
    peers: () => {
      const peers = new Map<string, PresencePeer>();
      for (const m of messages as PresenceMessage[]) {
        if (m.type === "presence-snapshot") for (const p of m.peers) peers.set(p.connectionId, p);
        if (m.type === "presence-peer") peers.set(m.peer.connectionId, m.peer);
        if (m.type === "presence-leave") peers.delete(m.connectionId);
      }
      return peers;
    },
  };
  if (hello) {
    tab.send({ type: "presence", ...hello });
    await expect.poll(() => tab.snapshot()).toBeDefined();
  }
  return tab;
}

const cursorsOf = (tab: Tab, connectionId: string) =>
  (tab.messages as PresenceMessage[]).filter(
    (m): m is Extract<PresenceMessage, { type: "cursor" }> => m.type === "cursor" && m.connectionId === connectionId,
  );

describe("presence", () => {
  it("members see each other's tab, mode, selection and viewport; each tab its own snapshot, never itself", async () => {
    const { owner, viewer, projectId } = await projectWithViewer(h, "Presence");
    const ownerTab = await openTab(owner, projectId, { mode: "canvas", selection: ["n1"], viewport: { x: 10, y: 20, zoom: 1.5 } });
    expect(ownerTab.snapshot()!.peers).toEqual([]);
    const viewerTab = await openTab(viewer, projectId, { mode: "scripts", scriptId: "s1" });

    const ownerPeer = viewerTab.snapshot()!.peers;
    expect(ownerPeer).toEqual([
      expect.objectContaining({
        connectionId: ownerTab.snapshot()!.connectionId,
        userId: owner.id,
        canEdit: true,
        color: presenceColor(owner.id),
        mode: "canvas",
        selection: ["n1"],
        viewport: { x: 10, y: 20, zoom: 1.5 },
      }),
    ]);
    await expect
      .poll(() => [...ownerTab.peers().values()])
      .toEqual([
        expect.objectContaining({
          connectionId: viewerTab.snapshot()!.connectionId,
          userId: viewer.id,
          canEdit: false,
          mode: "scripts",
          scriptId: "s1",
        }),
      ]);

    // A change of mode reaches the others with the rest of the state kept.
    viewerTab.send({ type: "presence", mode: "canvas", scriptId: null, selection: ["n2", "n3"] });
    await expect
      .poll(() => ownerTab.peers().get(viewerTab.snapshot()!.connectionId))
      .toMatchObject({ mode: "canvas", scriptId: null, selection: ["n2", "n3"] });
    // No tab is told about itself.
    expect(
      (ownerTab.messages as PresenceMessage[]).some(
        (m) => m.type === "presence-peer" && m.peer.connectionId === ownerTab.snapshot()!.connectionId,
      ),
    ).toBe(false);

    // A tab that closes leaves the others' bars at once.
    viewerTab.ws.close();
    await expect.poll(() => ownerTab.peers().size).toBe(0);
    ownerTab.ws.close();
  });

  it("a member made view-only is shown as view-only to everyone present at once, and made editor again the same way", async () => {
    const { owner, viewer: member, projectId } = await projectWithViewer(h, "Presence demotion");
    expect((await shareProject(h, owner, projectId, member, "edit")).status).toBe(201);
    const ownerTab = await openTab(owner, projectId, { mode: "canvas" });
    const memberTab = await openTab(member, projectId, { mode: "canvas" });
    const id = memberTab.snapshot()!.connectionId;
    await expect.poll(() => ownerTab.peers().get(id)?.canEdit).toBe(true);

    expect((await shareProject(h, owner, projectId, member, "view")).status).toBe(201);
    await expect.poll(() => ownerTab.peers().get(id)?.canEdit, { timeout: 2000 }).toBe(false);
    // A tab that joins later sees it too.
    const late = await openTab(owner, projectId, { mode: "assets" });
    expect(late.snapshot()!.peers.find((p) => p.connectionId === id)?.canEdit).toBe(false);

    expect((await shareProject(h, owner, projectId, member, "edit")).status).toBe(201);
    await expect.poll(() => ownerTab.peers().get(id)?.canEdit, { timeout: 2000 }).toBe(true);
    expect(memberTab.ws.readyState).toBe(WebSocket.OPEN);
    for (const t of [ownerTab, memberTab, late]) t.ws.close();
  });

  it("strangers are refused, other projects hear nothing, and tabs that did not say hello get no presence", async () => {
    const { owner, stranger, projectId } = await projectWithViewer(h, "Presence private");
    const other = await projectWithViewer(h, "Presence elsewhere");
    const outsider = await openTab(stranger, projectId);
    expect(await outsider.closed).toBe(4403);

    const elsewhere = await openTab(other.owner, other.projectId, { mode: "canvas" });
    const canvasSocket = await openTab(owner, projectId);
    const ownerTab = await openTab(owner, projectId, { mode: "canvas" });
    const second = await openTab(owner, projectId, { mode: "assets" });
    second.send({ type: "cursor", x: 1, y: 2 });
    await expect.poll(() => cursorsOf(ownerTab, second.snapshot()!.connectionId).length).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(elsewhere.messages.filter((m) => m.type !== "presence-snapshot")).toEqual([]);
    expect(canvasSocket.messages).toEqual([]);
    for (const t of [elsewhere, canvasSocket, ownerTab, second]) t.ws.close();
  });

  it("bad frames change nothing and do not close the channel", async () => {
    const { owner, viewer, projectId } = await projectWithViewer(h, "Presence bad frames");
    const ownerTab = await openTab(owner, projectId, { mode: "canvas" });
    const viewerTab = await openTab(viewer, projectId, { mode: "canvas" });
    const id = viewerTab.snapshot()!.connectionId;
    await expect.poll(() => ownerTab.peers().get(id)?.mode).toBe("canvas");
    for (const bad of [
      "not json",
      JSON.stringify({ type: "presence", mode: "editing" }),
      JSON.stringify({ type: "cursor", x: "1", y: 2 }),
      JSON.stringify({ type: "presence", selection: Array(51).fill("n") }),
      JSON.stringify({ type: "nodes", nodes: [] }),
    ]) {
      viewerTab.ws.send(bad);
    }
    viewerTab.send({ type: "presence", mode: "assets" });
    await expect.poll(() => ownerTab.peers().get(id)?.mode).toBe("assets");
    expect(ownerTab.peers().get(id)?.selection).toEqual([]);
    expect(viewerTab.ws.readyState).toBe(WebSocket.OPEN);
    for (const t of [ownerTab, viewerTab]) t.ws.close();
  });

  it("a tab flooding cursors is passed on at most 20 times a second, its last position always", async () => {
    const { owner, viewer, projectId } = await projectWithViewer(h, "Presence flood");
    const watcher = await openTab(owner, projectId, { mode: "canvas" });
    const flooder = await openTab(viewer, projectId, { mode: "canvas" });
    const id = flooder.snapshot()!.connectionId;
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      flooder.send({ type: "cursor", x: i, y: -i });
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    await expect.poll(() => cursorsOf(watcher, id).at(-1)).toMatchObject({ x: 999, y: -999 });
    const passed = cursorsOf(watcher, id).length;
    // One per interval over the time the flood took, plus the first and the trailing one.
    expect(passed).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / CURSOR_INTERVAL_MS) + 2);
    expect(passed).toBeGreaterThan(1);
    for (const t of [watcher, flooder]) t.ws.close();
  });
});
