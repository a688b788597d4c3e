import { seededRandom } from "../../domain/seededRandom";
import { SUBGRAPH_NODE_TYPE } from "../../domain/canvas/subgraph";
import type { CanvasData } from "../../app/canvas/canvasClient";
import { SimulatedTab, type Ack, type Faults } from "./simulatedTab";
import type { StudioProcess } from "./studioProcess";
import { findDivergences, findLostEdits, type EditLog, type StampedAck } from "./fuzzChecks";

export interface FuzzOptions {
  seed: number;
  ops: number;
  /** Tabs: two of the owner's and one of an editor's, by default. */
  tabs?: number;
  /** How many times the server is SIGKILLed and restarted during the run. */
  kills?: number;
  log?: (line: string) => void;
}

export interface FuzzResult {
  seed: number;
  operations: number;
  acknowledged: number;
  lost: string[];
  divergences: string[];
  kills: number;
  reloads: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs a person up through the real auth route and returns their bearer token and id. */
async function signUp(url: string, name: string): Promise<{ token: string; id: string; email: string }> {
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@fuzz.test`;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ name, email, password: "correct horse 1" }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { token: body.token, id: body.user.id, email };
}

async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * One seeded run against a running studio: tabs of two people do random edits through the real client
 * while the network and the server fail under them; then everything settles and is checked against the
 * server. The same seed makes the same choices; the server's timing may differ run to run.
 */
export async function runSeed(studio: StudioProcess, opts: FuzzOptions): Promise<FuzzResult> {
  const random = seededRandom(opts.seed);
  const pick = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(random() * xs.length)] : undefined);
  const chance = (p: number) => random() < p;
  const groupRandom = seededRandom(opts.seed + 7919);
  const pickGroup = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(groupRandom() * xs.length)] : undefined);
  /** Group, ungroup, collapse or expand, rename: each an undoable change list through the one path. */
  const groupOperation = (tab: SimulatedTab, nodeIds: string[]) => {
    const { commands } = tab.client;
    const group = pickGroup(tab.client.store.getState().groups);
    const roll = groupRandom();
    if (roll < 0.4 || !group) commands.groupNodes(nodeIds.filter(() => groupRandom() < 0.3));
    else if (roll < 0.6) commands.ungroup(group.id);
    else if (roll < 0.85) commands.setGroupCollapsed(group.id, !group.collapsed);
    else commands.renameGroup(group.id, `Group ${tab.name} ${Math.floor(groupRandom() * 1000)}`);
  };
  const subgraphRandom = seededRandom(opts.seed + 104729);
  /** Subgraphs (issue 34, 3): convert some nodes, unpack or rename one; ordinary node and edge changes underneath. */
  const subgraphOperation = (tab: SimulatedTab, nodeIds: string[]) => {
    const { commands } = tab.client;
    const subgraphs = tab.client.store.getState().nodes.filter((n) => n.type === SUBGRAPH_NODE_TYPE);
    const sub = subgraphs[Math.floor(subgraphRandom() * subgraphs.length)];
    const roll = subgraphRandom();
    if (roll < 0.5 || !sub) commands.convertToSubgraph(nodeIds.filter(() => subgraphRandom() < 0.25));
    else if (roll < 0.8) commands.unpackSubgraph(sub.id);
    else commands.renameSubgraph(sub.id, `Block ${tab.name} ${Math.floor(subgraphRandom() * 1000)}`);
  };
  const url = () => studio.url;
  const log = opts.log ?? (() => {});

  // The last seed may have ended with the studio down (a kill, or a crash reported as such).
  await studio.up();
  const owner = await signUp(studio.url, "Owner");
  const editor = await signUp(studio.url, "Editor");
  const project = await call<{ id: string }>(studio.url, owner.token, "POST", "/api/projects", { name: `Fuzz ${opts.seed} ${Date.now()}` });
  await call(studio.url, owner.token, "POST", `/api/projects/${project.id}/members`, { email: editor.email, permission: "edit" });

  const acks: StampedAck[] = [];
  // Counts the edits made so far; an acknowledgement is stamped with it (what had been typed by then).
  let token = 0;
  const removedSomewhere = new Set<string>();
  const edits: EditLog = [];
  // Fault decisions come from their own stream, so the operations a seed makes stay the same.
  const faultRandom = seededRandom(opts.seed ^ 0x5eed);
  const faults: Faults = { random: faultRandom, dropBefore: 0.05, dropAfter: 0.05 };
  const tabCount = opts.tabs ?? 3;
  const tabs = Array.from(
    { length: tabCount },
    (_, i) =>
      new SimulatedTab(`tab${i}`, {
        url,
        projectId: project.id,
        token: i % 3 === 1 ? editor.token : owner.token,
        faults,
        onAck: (a) => acks.push(...a.map((ack) => ({ ...ack, editsMade: token }))),
        onRemoval: (ids) => ids.forEach((id) => removedSomewhere.add(id)),
      }),
  );
  for (const t of tabs) await t.open();

  const killAt = new Set(Array.from({ length: opts.kills ?? 1 }, () => Math.floor(random() * opts.ops)));
  const nextToken = (tab: SimulatedTab, field: string) => `${field}-${tab.name}-${opts.seed}-${++token}`;
  const nodesOf = (tab: SimulatedTab) => tab.client.store.getState().nodes;

  for (let op = 0; op < opts.ops; op++) {
    const tab = pick(tabs)!;
    const { commands, sessionActions } = tab.client;
    const nodeIds = nodesOf(tab).map((n) => n.id);
    const roll = random();
    if (killAt.has(op)) {
      log(`  op ${op}: SIGKILL the studio at ${Date.now() % 100000}`);
      await studio.kill();
      await sleep(Math.floor(random() * 300));
      await studio.up();
    } else if (roll < 0.14) {
      commands.createNode({
        position: { x: Math.round(random() * 4000), y: Math.round(random() * 3000) },
        data: { content: nextToken(tab, "content") },
      });
    } else if (roll < 0.36) {
      const id = pick(nodeIds);
      const field = pick(["content", "prompt", "description"] as const)!;
      if (id) {
        const value = nextToken(tab, field);
        edits.push({ nodeId: id, field, value });
        commands.updateNodeData(id, { [field]: value }, { immediate: chance(0.3) });
      }
    } else if (roll < 0.42) {
      const id = pick(nodeIds);
      if (id) {
        const value = nextToken(tab, "title");
        edits.push({ nodeId: id, field: "title", value });
        commands.renameNode(id, value);
      }
    } else if (roll < 0.5) {
      // Two people edit one node at the same moment.
      const id = pick(nodeIds);
      const other = pick(tabs.filter((t) => t !== tab && nodesOf(t).some((n) => n.id === id)));
      if (id && other) {
        const a = nextToken(tab, "content");
        const b = nextToken(other, chance(0.5) ? "content" : "prompt");
        const fieldB = b.startsWith("content") ? "content" : "prompt";
        edits.push({ nodeId: id, field: "content", value: a }, { nodeId: id, field: fieldB, value: b });
        commands.updateNodeData(id, { content: a });
        other.client.commands.updateNodeData(id, { [fieldB]: b });
      }
    } else if (roll < 0.58) {
      const moves = nodeIds
        .filter(() => chance(0.3))
        .map((id) => ({ id, position: { x: Math.round(random() * 4000), y: Math.round(random() * 3000) } }));
      commands.moveNodes(moves);
    } else if (roll < 0.66) {
      const [a, b] = [pick(nodeIds), pick(nodeIds)];
      if (a && b) commands.connect({ source: a, target: b });
    } else if (roll < 0.7) {
      const e = pick(tab.client.store.getState().edges);
      if (e) commands.disconnect([e.id]);
    } else if (roll < 0.76) {
      const id = pick(nodeIds);
      if (id) commands.deleteNodes([id]);
    } else if (roll < 0.82) {
      commands.undo();
    } else if (roll < 0.86) {
      commands.redo();
    } else if (roll < 0.89) {
      if (sessionActions.copy(nodeIds.filter(() => chance(0.3))) > 0) commands.paste();
    } else if (roll < 0.94) {
      tab.setOffline(!tab.offline);
    } else if (roll < 0.97) {
      log(`  op ${op}: reload ${tab.name}`);
      await tab.reload();
    } else {
      await sleep(600); // long enough for debounced saves to go
    }
    // Groups from their own random stream, so each seed's other operations stay as they were.
    if (groupRandom() < 0.12) groupOperation(tab, nodeIds);
    if (subgraphRandom() < 0.06) subgraphOperation(tab, nodeIds);
    await sleep(Math.floor(random() * 15));
  }

  await settle(studio, tabs, log);
  const server = await call<CanvasData>(studio.url, owner.token, "GET", `/api/projects/nodes?projectId=${project.id}`);
  const divergences = tabs.flatMap((t) => findDivergences(t.name, t.client.store.getState(), server));
  const lost = findLostEdits(server, acks, edits, removedSomewhere);
  if (process.env.FUZZ_TRACE && (divergences.length || lost.length)) {
    const line = divergences[0] ?? lost[0]!;
    const id = /(?:node|edge) (\S+?)[\s:]/.exec(line)?.[1] ?? "";
    // An edge's story includes its two nodes (deleting one removes it).
    const ends = /:(\S+)->(\S+) /.exec(line)?.slice(1) ?? [];
    const about = (l: string) => l.includes(id) || ends.some((e) => l.includes(e));
    for (const t of tabs) log(`  trace ${t.name} for ${id}:\n    ${t.trace.filter(about).join("\n    ")}`);
  }
  for (const t of tabs) t.close();
  return {
    seed: opts.seed,
    operations: opts.ops,
    acknowledged: acks.length,
    lost,
    divergences,
    kills: studio.kills,
    reloads: tabs.reduce((n, t) => n + t.reloads, 0),
  };
}

/** Everyone back online with the studio up; then every tab sends until nothing is pending and all is quiet. */
async function settle(studio: StudioProcess, tabs: SimulatedTab[], log: (line: string) => void) {
  await studio.up();
  for (const t of tabs) t.setOffline(false);
  const until = Date.now() + 90_000;
  for (;;) {
    for (const t of tabs) t.client.retryNow();
    await Promise.all(tabs.map((t) => t.client.flush()));
    await sleep(400);
    const quiet = tabs.every((t) => !t.client.hasPending() && t.connected && Date.now() - t.lastMessageAt > 300);
    if (quiet) return;
    if (Date.now() > until) {
      log(`  did not settle: ${tabs.map((t) => `${t.name} pending=${t.client.hasPending()} connected=${t.connected}`).join(", ")}`);
      return;
    }
  }
}
