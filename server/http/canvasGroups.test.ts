import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupRecord } from "../../domain/canvas/group";
import type { RealtimeMessage } from "../../domain/realtime";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

// Groups (part 2) through the structure route: stored with the project, live, and only editors change them.
let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
const heard: RealtimeMessage[] = [];

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Grouped"));
  h.hub.join(projectId, { send: (text) => heard.push(JSON.parse(text)) });
  const nodes = ["a", "b", "c"].map((id, i) => ({ id, type: "generic_v2", position: { x: i * 500, y: 0 } }));
  expect((await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes })).status).toBe(200);
});
afterAll(() => h.close());

const group: GroupRecord = { id: "group-1", name: "Opening", colour: "blue", nodeIds: ["a", "b"], collapsed: false };
const structure = (user: TestUser, body: unknown) => h.call(user, "POST", `/api/projects/${projectId}/structure`, body);
const read = async (user: TestUser) => h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`);

describe("canvas groups", () => {
  it("a viewer cannot add, change or remove a group, and a stranger cannot read them", async () => {
    expect((await structure(owner, { groupsSet: [group] })).status).toBe(200);
    heard.length = 0;
    const byViewer = await structure(viewer, { groupsSet: [{ ...group, id: "group-v", name: "Mine" }] });
    expect(byViewer.status).toBe(403);
    expect((await structure(viewer, { groupsSet: [{ ...group, name: "Renamed" }] })).status).toBe(403);
    expect((await structure(viewer, { groupsRemoved: [group.id] })).status).toBe(403);
    expect(heard).toEqual([]);
    // Viewers see the groups; strangers see nothing.
    expect((await read(viewer)).body.groups).toEqual([group]);
    expect((await read(stranger)).status).toBe(403);
  });

  it("a group survives a reload, its changes are published live, and ungrouping keeps the nodes", async () => {
    heard.length = 0;
    const changed = { ...group, name: "Act one", colour: "rose", nodeIds: ["a", "b", "c"], collapsed: true } satisfies GroupRecord;
    expect((await structure(owner, { groupsSet: [changed], clientId: "tab-a" })).status).toBe(200);
    expect(heard).toEqual([expect.objectContaining({ type: "structure", clientId: "tab-a", groupsSet: [changed] })]);
    expect((await read(owner)).body.groups).toEqual([changed]);

    heard.length = 0;
    expect((await structure(owner, { groupsRemoved: [group.id] })).status).toBe(200);
    expect(heard).toEqual([expect.objectContaining({ type: "structure", groupsRemoved: [group.id] })]);
    const after = (await read(owner)).body;
    expect(after.groups).toEqual([]);
    expect(after.nodes.map((n: { id: string }) => n.id).sort()).toEqual(["a", "b", "c"]);
  });

  it("refuses a bad group with a clear message and changes nothing", async () => {
    const bad = await structure(owner, { groupsSet: [{ ...group, name: "   " }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Group name cannot be empty");
    const noMembers = await structure(owner, { groupsSet: [{ ...group, nodeIds: [] }] });
    expect(noMembers.status).toBe(400);
    expect((await read(owner)).body.groups).toEqual([]);
  });
});
