import { and, eq, type SQL } from "drizzle-orm";
import { messagesFromChanges } from "../../domain/canvas/changeWire";
import { type CanvasChange, type ChangeOf, type ChangeSource, nodeRestored, edgeAdded, edgeRemoved } from "../../domain/canvas/changes";
import type { AutosaveConflict, CanvasEdge, CanvasNode, NodeData, Viewport } from "../../domain/canvas/node";
import type { GroupRecord } from "../../domain/canvas/group";
import type { Db } from "../db/client";
import { edges, nodes, projects } from "../db/schema";
import { authorizeEach, authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import * as rows from "./canvasRows";
import { GroupCommitter } from "./groupCommit";

export interface CanvasState {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  viewport: Viewport | null;
  /** The canvas's groups. */
  groups: GroupRecord[];
}

/**
 * Who is changing the canvas. A person is checked against the project's policy before anything happens; a
 * system writer (a generation's or tool's runner, the agent's server side) is trusted server code acting
 * for a run whose starter was checked when it was queued.
 */
export type CanvasActor = { userId: string } | { system: "generation" | "tool" | "agent" };

export interface ChangeOrigin {
  source: ChangeSource;
  actor: CanvasActor;
  /** The sending tab, so it can ignore its own echo on the live channel. */
  clientId?: string;
}

export interface AppliedChanges {
  /** What changed, in order (refused edges and data conflicts left out). */
  applied: CanvasChange[];
  /** Node writes that did not land: the stored data and rev, or a tombstone. */
  conflicts: AutosaveConflict[];
}

/** The live (not deleted) nodes and edges of a project, its saved viewport and its groups. */
export async function loadCanvas(db: Db, projectId: string): Promise<CanvasState> {
  const [nodeRows, edgeRows, [project], groups] = await Promise.all([
    db
      .select()
      .from(nodes)
      .where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false)))
      .orderBy(nodes.createdAt),
    db.select().from(edges).where(eq(edges.projectId, projectId)).orderBy(edges.createdAt),
    db.select({ viewport: projects.viewport }).from(projects).where(eq(projects.id, projectId)),
    rows.loadGroups(db, projectId),
  ]);
  return {
    nodes: nodeRows.map((r) => ({ id: r.id, type: r.type, position: { x: r.x, y: r.y }, data: r.data as NodeData, rev: r.rev })),
    edges: edgeRows.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle,
      targetHandle: e.targetHandle,
    })),
    viewport: (project?.viewport as Viewport | null) ?? null,
    groups,
  };
}

/**
 * The one way in and out of a canvas on the server (docs/ARCHITECTURE.md "The canvas"): the autosave and
 * structure routes, the generation runner, shot export, tools and the agent all change nodes and edges
 * here, and only here are canvas messages published. Access is checked first. A list with structure in
 * it runs in one transaction, in order; a list of node data alone (the autosave hot path) joins the group
 * commit below, which writes the lists that arrive together in one statement. What changed is published
 * once it is committed.
 */
export async function applyChanges(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  changes: CanvasChange[],
  origin: ChangeOrigin,
): Promise<AppliedChanges> {
  const userId = "userId" in origin.actor ? origin.actor.userId : undefined;
  const dataOnly = changes.length > 0 && changes.every((c) => c.type === "node-data" && !c.exact);
  // A person's data-only list is checked in the group commit, with every list that waited beside it.
  if (userId && !dataOnly) await authorizeProject(db, userId, projectId, "edit");
  if (changes.length === 0) return { applied: [], conflicts: [] };
  const [only] = changes;
  // A server writer's one exact write (a run marking or filling its node) is one statement of its own.
  const oneExact = changes.length === 1 && only!.type === "node-data" && only!.exact;
  const result = dataOnly
    ? await dataWrites(db).submit({ projectId, userId, changes: changes as ChangeOf<"node-data">[] })
    : oneExact
      ? await rows
          .writeOneExactly(db, projectId, only as ChangeOf<"node-data">)
          .then((r) => ({ applied: r.landed, conflicts: r.conflicts }))
      : await db.transaction((tx) => applyRuns(tx, projectId, changes));
  for (const message of messagesFromChanges(result.applied, origin.source, origin.clientId)) await hub.publish(projectId, message);
  return result;
}

/**
 * A server writer's one exact node write (as applyChanges writes it, and published the same way) with one
 * more expression of its own evaluated in the same statement, whether the write lands or not: a run's
 * result goes on its node in the round trip that records its success (runs/runner.ts). Answers that
 * expression's value as `alongside`.
 */
export async function applyExactWith(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  change: ChangeOf<"node-data">,
  origin: ChangeOrigin & { actor: { system: string } },
  alongside: SQL,
): Promise<AppliedChanges & { alongside: unknown }> {
  const written = await rows.writeOneExactly(db, projectId, { ...change, exact: true }, alongside);
  for (const message of messagesFromChanges(written.landed, origin.source, origin.clientId)) await hub.publish(projectId, message);
  return { applied: written.landed, conflicts: written.conflicts, alongside: written.alongside };
}

/**
 * applyExactWith in the other order: `gate` (a jsonb expression) is evaluated first in the same statement,
 * and the node is written only when it answers `{"write": true}`; a write that then does not land takes the
 * gate's effects back with it (answered `gate: null`). A run's queued mark goes on its
 * node in the statement that records the run, and only if it is recorded (runs/nodeStatus.ts).
 */
export async function applyExactAfter(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  change: ChangeOf<"node-data">,
  origin: ChangeOrigin & { actor: { system: string } },
  /** The node's data as stored at the change's prevRev (only what differs from it is written). */
  base: NodeData,
  gate: SQL,
): Promise<{ applied: CanvasChange[]; gate: Record<string, unknown> | null }> {
  const written = await rows.writeOneExactlyAfter(db, projectId, { ...change, exact: true }, base, gate);
  for (const message of messagesFromChanges(written.landed, origin.source, origin.clientId)) await hub.publish(projectId, message);
  return { applied: written.landed, gate: written.gate };
}

interface DataWrite {
  projectId: string;
  /** The person writing, checked first; none for a system writer. */
  userId?: string;
  changes: ChangeOf<"node-data">[];
}

const groupCommits = new WeakMap<Db, GroupCommitter<DataWrite, AppliedChanges>>();

/** The group commit of node data for one database (bench/autosave: concurrent saves queue behind each other). */
function dataWrites(db: Db): GroupCommitter<DataWrite, AppliedChanges> {
  let committer = groupCommits.get(db);
  if (!committer) groupCommits.set(db, (committer = new GroupCommitter((group) => writeTogether(db, group))));
  return committer;
}

/**
 * The data lists that waited together, in as few statements as the revision rule allows: lists that share
 * no node go in one statement (each node still checked against its own stored revision); a list writing a
 * node an earlier one writes too goes in a later statement, in arrival order. If a statement fails, its
 * lists are written one by one, so only the list at fault fails (one bad write must not sink
 * the others).
 */
async function writeTogether(db: Db, group: DataWrite[]): Promise<(AppliedChanges | Error)[]> {
  const results: (AppliedChanges | Error)[] = [];
  const asApplied = (r: { landed: CanvasChange[]; conflicts: AutosaveConflict[] }): AppliedChanges => ({
    applied: r.landed,
    conflicts: r.conflicts,
  });
  // Access first, for all of them in one query: a list its writer may not make is answered with the refusal.
  const people = group.flatMap((w, i) => (w.userId ? [i] : []));
  const verdicts = await authorizeEach(
    db,
    people.map((i) => ({ userId: group[i]!.userId!, projectId: group[i]!.projectId, action: "edit" as const })),
    { recent: true },
  );
  people.forEach((i, k) => {
    const verdict = verdicts[k]!;
    if (verdict instanceof Error) results[i] = verdict;
  });
  for (const layer of layersOf(group, (i) => results[i] === undefined)) {
    try {
      const written = await rows.writeDataGroup(
        db,
        layer.map((i) => group[i]!),
      );
      layer.forEach((i, k) => (results[i] = asApplied(written[k]!)));
    } catch {
      for (const i of layer) {
        const { projectId, changes } = group[i]!;
        results[i] = await rows
          .writeData(db, projectId, changes)
          .then(asApplied, (err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      }
    }
  }
  return results;
}

/** Indexes of the lists to write, cut where a list writes a node an earlier list of the same cut writes. */
function layersOf(group: DataWrite[], writable: (index: number) => boolean): number[][] {
  const layers: number[][] = [];
  let current: number[] = [];
  let keys = new Set<string>();
  group.forEach((write, i) => {
    if (!writable(i)) return;
    const own = write.changes.map((c) => `${write.projectId}/${c.id}`);
    if (own.some((k) => keys.has(k))) {
      layers.push(current);
      current = [];
      keys = new Set();
    }
    current.push(i);
    for (const k of own) keys.add(k);
  });
  if (current.length) layers.push(current);
  return layers;
}

/** Consecutive changes of one kind go together (one statement where the kind allows it). */
async function applyRuns(db: Db, projectId: string, changes: CanvasChange[]): Promise<AppliedChanges> {
  const applied: CanvasChange[] = [];
  const conflicts: AutosaveConflict[] = [];
  const take = (r: { landed: CanvasChange[]; conflicts: AutosaveConflict[] }) => {
    applied.push(...r.landed);
    conflicts.push(...r.conflicts);
  };
  for (const run of runsOf(changes)) {
    const first = run[0]!;
    switch (first.type) {
      case "node-data":
        if (first.exact) for (const c of run as ChangeOf<"node-data">[]) take(await rows.writeDataExactly(db, projectId, c));
        else take(await rows.writeData(db, projectId, run as ChangeOf<"node-data">[]));
        break;
      case "node-added":
        for (const c of run as ChangeOf<"node-added">[]) if (await rows.placeNode(db, projectId, c.node)) applied.push(c);
        break;
      case "node-moved":
        for (const c of run as ChangeOf<"node-moved">[]) if (await rows.moveNode(db, projectId, c.id, c.position)) applied.push(c);
        break;
      case "node-restored":
        for (const c of run as ChangeOf<"node-restored">[]) {
          const r = await rows.restoreNode(db, projectId, c);
          // Published with the node as stored, so open canvases show it whole at once.
          if (r.node) applied.push(nodeRestored(c.id, r.node));
          conflicts.push(...r.conflicts);
        }
        break;
      case "node-removed": {
        const cascaded = await rows.removeNodes(
          db,
          projectId,
          run.map((c) => (c as ChangeOf<"node-removed">).id),
        );
        applied.push(...run, ...cascaded.map((edge): CanvasChange => edgeRemoved(edge.id, edge)));
        break;
      }
      case "edge-removed":
        await rows.removeEdges(
          db,
          projectId,
          run.map((c) => (c as ChangeOf<"edge-removed">).id),
        );
        applied.push(...run);
        break;
      case "edge-added": {
        const added = await rows.addEdges(
          db,
          projectId,
          run.map((c) => (c as ChangeOf<"edge-added">).edge),
        );
        applied.push(...added.map((edge): CanvasChange => edgeAdded(edge)));
        break;
      }
      case "group-added":
      case "group-updated":
        await rows.setGroups(
          db,
          projectId,
          run.map((c) => (c as ChangeOf<"group-added" | "group-updated">).group),
        );
        applied.push(...run);
        break;
      case "group-removed":
        await rows.removeGroups(
          db,
          projectId,
          run.map((c) => (c as ChangeOf<"group-removed">).id),
        );
        applied.push(...run);
        break;
      case "viewport":
        await rows.saveViewport(db, projectId, (run.at(-1) as ChangeOf<"viewport">).viewport);
        break;
    }
  }
  if (applied.length) await rows.touchProject(db, projectId);
  return { applied, conflicts };
}

function runsOf(changes: CanvasChange[]): CanvasChange[][] {
  const runs: CanvasChange[][] = [];
  for (const c of changes) {
    const last = runs.at(-1);
    const sameKind =
      last && last[0]!.type === c.type && (c.type !== "node-data" || !!c.exact === !!(last[0] as ChangeOf<"node-data">).exact);
    if (sameKind) last.push(c);
    else runs.push([c]);
  }
  return runs;
}
