/**
 * The SQL behind `canvasService.applyChanges`, one function per kind of change. Only canvasService.ts may
 * import this file (server/services/oneCanvasWriter.test.ts keeps it so): nothing else writes canvas rows.
 */
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { type CanvasChange, type ChangeOf, type NodeRecord, nodeData } from "../../domain/canvas/changes";
import { revisionOf } from "../../domain/canvas/changes";
import type { GroupRecord } from "../../domain/canvas/group";
import { MAX_REV_STEP, type AutosaveConflict, type CanvasEdge, type NodeData, type Viewport } from "../../domain/canvas/node";
import { hasSqlState, rowsOf, type Db } from "../db/client";
import { canvasGroups, edges, nodes, projects } from "../db/schema";

type DataChange = ChangeOf<"node-data">;

/**
 * Node data under the revision rule (spec: canvas 4, "synced data keeps the higher rev"): a write lands
 * only over an older revision, and only when it was made from the stored one or a newer one (its prevRev
 * is not behind the stored rev). So each revision number is stored at most once per node, and a write made
 * from an older copy (two clients editing the same revision, or one that typed twice since while another
 * saved) is refused and merged by its client instead of silently replacing the other's change. A tombstone
 * wins over any write; unknown ids create the node. A write moves the revision at most MAX_REV_STEP past the
 * stored one (a new node starts at most that high), whatever revision it claims to be made from, so no run
 * of accepted writes reaches the top of the range; a longer jump is answered as a conflict
 * with the stored copy. One statement for the whole run of writes (the autosave
 * hot path, bench/autosave); only the writes that did not land are read back, to answer them as conflicts.
 */
export async function writeData(
  db: Db,
  projectId: string,
  changes: DataChange[],
): Promise<{ landed: DataChange[]; conflicts: AutosaveConflict[] }> {
  const [result] = await writeDataGroup(db, [{ projectId, changes }]);
  return result!;
}

export interface DataBatch {
  projectId: string;
  changes: DataChange[];
}

/**
 * Several batches of node data, possibly of several projects, in one statement (and one read of the writes
 * that did not land): what canvasService's group commit writes. Each node is checked against its own stored
 * revision exactly as in `writeData`, so no node may appear in two batches of one call (the caller puts
 * such batches in separate calls, in order). Answers each batch in order.
 */
export async function writeDataGroup(db: Db, batches: DataBatch[]): Promise<{ landed: DataChange[]; conflicts: AutosaveConflict[] }[]> {
  // The last write of a node in one batch is the one that counts.
  const latest = batches.map((b) =>
    [...new Map(b.changes.map((c) => [c.id, c])).values()].map((c) => ({ ...c, data: { ...c.data, rev: revisionOf(c) } })),
  );
  const key = (projectId: string, id: string) => `${projectId}\u0000${id}`;
  const incoming = latest.flatMap((changes, i) =>
    changes.map((c) => ({ project_id: batches[i]!.projectId, id: c.id, data: c.data, rev: c.data.rev, prev: c.prevRev })),
  );
  if (new Set(incoming.map((w) => key(w.project_id, w.id))).size !== incoming.length)
    throw new Error("writeDataGroup: a node appears in two batches");
  if (incoming.length === 0) return batches.map(() => ({ landed: [], conflicts: [] }));
  // Existing nodes are updated through a join with the incoming rows and unknown ones inserted. (An upsert
  // whose conflict branch looked up each row's prevRev in the incoming rows scanned them once per row: a
  // burst of 50 saves of 10 nodes took twice as long, bench:autosave.) A node another statement creates
  // meanwhile is not overwritten: its write is refused and answered as a conflict like any other.
  // The same statement marks the written projects as edited (for the project list's "last edited"), at most
  // every 10 s per project: one statement per save instead of two on the autosave hot path.
  // The statement lives in the database as write_node_data (drizzle/0008_node_data_writer.sql), where it is
  // planned once per connection rather than on every save (its revision rules: drizzle/0009_node_rev_bigint.sql).
  const result = await db.execute(
    sql`select project_id, id from write_node_data(${JSON.stringify(incoming)}::jsonb, ${MAX_REV_STEP}::bigint)`,
  );
  const stored = new Set(rowsOf<StoredKey>(result).map((r) => key(r.project_id, r.id)));
  const refused = incoming.filter((w) => !stored.has(key(w.project_id, w.id))).map((w) => ({ projectId: w.project_id, id: w.id }));
  const conflicts = await conflictsForKeys(db, refused);
  return latest.map((changes, i) => {
    const projectId = batches[i]!.projectId;
    return {
      landed: changes.filter((c) => stored.has(key(projectId, c.id))),
      conflicts: changes.flatMap((c) => conflicts.get(key(projectId, c.id)) ?? []),
    };
  });
}

type StoredKey = { project_id: string; id: string };

/** The stored copy (or tombstone) of each (project, node) whose write did not land, keyed like writeDataGroup's. */
async function conflictsForKeys(db: Db, keys: { projectId: string; id: string }[]): Promise<Map<string, AutosaveConflict>> {
  const found = new Map<string, AutosaveConflict>();
  if (keys.length === 0) return found;
  const rows = await db.execute(sql`
    select n.project_id, n.id, n.rev, n.data, n.deleted from ${nodes} n
    join jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ project_id: k.projectId, id: k.id })))}::jsonb) as k(project_id text, id text)
      on n.project_id = k.project_id and n.id = k.id`);
  for (const r of rowsOf<ConflictRow>(rows)) {
    // int8 comes back as text (node-postgres) or a bigint (PGlite); revisions stay within 2^53.
    const rev = Number(r.rev);
    found.set(
      `${r.project_id}\u0000${r.id}`,
      r.deleted ? { nodeId: r.id, rev, nodeData: null, deleted: true } : { nodeId: r.id, rev, nodeData: r.data as NodeData },
    );
  }
  return found;
}

type ConflictRow = { project_id: string; id: string; rev: number | string | bigint; data: unknown; deleted: boolean };

/** A server writer's data, computed from the copy at `prevRev`: it lands only over exactly that copy. */
export async function writeDataExactly(
  db: Db,
  projectId: string,
  c: DataChange,
): Promise<{ landed: DataChange[]; conflicts: AutosaveConflict[] }> {
  const rev = revisionOf(c);
  const data: NodeData = { ...c.data, rev };
  const stored = await db
    .update(nodes)
    .set({ data, rev, updatedAt: sql`now()` })
    .where(and(eq(nodes.projectId, projectId), eq(nodes.id, c.id), eq(nodes.rev, c.prevRev), eq(nodes.deleted, false)))
    .returning({ id: nodes.id });
  return stored.length ? { landed: [{ ...c, data }], conflicts: [] } : { landed: [], conflicts: await conflictsFor(db, projectId, [c.id]) };
}

/**
 * `writeDataExactly` for a list of one, with the project's touch, in one statement: a run's node writes
 * (queued, result) are one exact change each, and as a transaction of two statements they cost four round
 * trips apiece (bench:queue). It calls `write_node_exactly` (drizzle/0014_run_fixed_cost.sql) so it is
 * planned once per connection rather than on every run. One statement is as atomic as that transaction was.
 */
export async function writeOneExactly(
  db: Db,
  projectId: string,
  c: DataChange,
  /** One more expression evaluated in the same statement, whether the write lands or not (canvasService.applyExactWith). */
  alongside?: SQL,
): Promise<{ landed: DataChange[]; conflicts: AutosaveConflict[]; alongside?: unknown }> {
  const rev = revisionOf(c);
  const data: NodeData = { ...c.data, rev };
  const [answer] = rowsOf<{ landed: string | null; alongside?: unknown }>(
    await db.execute(
      sql`select write_node_exactly(${projectId}, ${c.id}, ${JSON.stringify(data)}::jsonb, ${rev}, ${c.prevRev}) as landed${
        alongside ? sql`, ${alongside} as alongside` : sql``
      }`,
    ),
  );
  const other = alongside ? { alongside: answer?.alongside ?? null } : {};
  return answer?.landed
    ? { landed: [{ ...c, data }], conflicts: [], ...other }
    : { landed: [], conflicts: await conflictsFor(db, projectId, [c.id]), ...other };
}

/**
 * `writeOneExactly` made after `gate` (a jsonb expression of the caller's, evaluated first in the same
 * statement: `write_node_exactly_after`, drizzle/0017): the node is written only when the gate answers
 * `{"write": true}`, and a write that then does not land undoes the whole statement, the gate's own effects
 * too (answered `gate: null`; the caller reads the node again, so no conflict is read here). `base` is the
 * stored copy the change was made from (at its prevRev): only what differs from it is sent. Not for use
 * inside a transaction: the undo is an error of the statement, which would abort it.
 */
export async function writeOneExactlyAfter(
  db: Db,
  projectId: string,
  c: DataChange,
  base: NodeData,
  gate: SQL,
): Promise<{ landed: DataChange[]; gate: Record<string, unknown> | null }> {
  const rev = revisionOf(c);
  const data: NodeData = { ...c.data, rev };
  const { patch, removed } = changedFrom(base, data);
  let answer: { gated: unknown } | undefined;
  try {
    [answer] = rowsOf<{ gated: unknown }>(
      await db.execute(
        sql`select write_node_exactly_after(${gate}, ${projectId}, ${c.id}, ${JSON.stringify(patch)}::jsonb, ${JSON.stringify(removed)}::jsonb, ${rev}, ${c.prevRev}) as gated`,
      ),
    );
  } catch (err) {
    if (!hasSqlState(err, NODE_MOVED_ON)) throw err;
    return { landed: [], gate: null };
  }
  const gated = (typeof answer?.gated === "string" ? JSON.parse(answer.gated) : answer?.gated) as Record<string, unknown> | null;
  return { landed: gated?.write === true ? [{ ...c, data }] : [], gate: gated };
}

/**
 * `data` as a top-level patch over `base` and the keys it drops (jsonb's `(base - removed) || patch`). A
 * value kept from `base` is the same object (a write spreads the copy it read), so `!==` finds every change;
 * a key whose value is undefined is dropped, as JSON drops it.
 */
function changedFrom(base: NodeData, data: NodeData): { patch: Record<string, unknown>; removed: string[] } {
  const was = base as Record<string, unknown>;
  const now = data as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(now)) if (value !== undefined && value !== was[key]) patch[key] = value;
  const removed = Object.keys(was).filter((key) => was[key] !== undefined && now[key] === undefined);
  return { patch, removed };
}

/** The SQLSTATE write_node_exactly_after raises when its write did not land. */
const NODE_MOVED_ON = "RG409";

async function conflictsFor(db: Db, projectId: string, ids: string[]): Promise<AutosaveConflict[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: nodes.id, rev: nodes.rev, data: nodes.data, deleted: nodes.deleted })
    .from(nodes)
    .where(and(eq(nodes.projectId, projectId), inArray(nodes.id, ids)));
  return rows.map((r) =>
    r.deleted ? { nodeId: r.id, rev: r.rev, nodeData: null, deleted: true } : { nodeId: r.id, rev: r.rev, nodeData: r.data as NodeData },
  );
}

/**
 * Creates a node with its data (rev as its data says, 0 for a bare placement), or moves it when it exists;
 * a tombstone is never moved back to life. True when a live node was created or moved. A node is never
 * created above MAX_REV_STEP (the same rule as the autosave's), so only a move is tried for one that claims more.
 */
export async function placeNode(db: Db, projectId: string, node: NodeRecord): Promise<boolean> {
  const { x, y } = node.position;
  const rev = node.data.rev ?? 0;
  if (rev > MAX_REV_STEP) return moveNode(db, projectId, node.id, node.position);
  const rows = await db
    .insert(nodes)
    .values({ projectId, id: node.id, type: node.type, x, y, data: rev > 0 ? node.data : {}, rev })
    .onConflictDoUpdate({ target: [nodes.projectId, nodes.id], set: { x, y, updatedAt: sql`now()` }, setWhere: eq(nodes.deleted, false) })
    .returning({ id: nodes.id });
  return rows.length > 0;
}

export async function moveNode(db: Db, projectId: string, id: string, position: { x: number; y: number }): Promise<boolean> {
  const rows = await db
    .update(nodes)
    .set({ x: position.x, y: position.y, updatedAt: sql`now()` })
    .where(and(eq(nodes.projectId, projectId), eq(nodes.id, id), eq(nodes.deleted, false)))
    .returning({ id: nodes.id });
  return rows.length > 0;
}

/**
 * Undo of a removal: the remover's explicit wish clears the tombstone (a plain write never can). Its data
 * (if given) follows the revision rule. Returns the node as it is now stored, so that other canvases get
 * its data with the restore instead of waiting for a write that may never come (it may lose to a newer one).
 */
export async function restoreNode(
  db: Db,
  projectId: string,
  c: ChangeOf<"node-restored">,
): Promise<{ node: NodeRecord | null; conflicts: AutosaveConflict[] }> {
  await db
    .update(nodes)
    .set({ deleted: false, updatedAt: sql`now()`, ...(c.node ? { x: c.node.position.x, y: c.node.position.y } : {}) })
    .where(and(eq(nodes.projectId, projectId), eq(nodes.id, c.id)));
  const written = c.node
    ? await writeData(db, projectId, [nodeData(c.id, c.node.data, Math.max(0, (c.node.data.rev ?? 1) - 1))])
    : { landed: [], conflicts: [] };
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.projectId, projectId), eq(nodes.id, c.id), eq(nodes.deleted, false)));
  const node = row
    ? { id: row.id, type: row.type, position: { x: row.x, y: row.y }, data: { ...(row.data as NodeData), rev: row.rev } }
    : null;
  return { node, conflicts: written.conflicts };
}

/**
 * Tombstones (also for ids never seen, so a late create cannot resurrect them), with their edges gone.
 * Returns the edges that went with the nodes: a client that added one after this client's removal was
 * queued must hear that it is gone.
 */
export async function removeNodes(db: Db, projectId: string, ids: string[]): Promise<CanvasEdge[]> {
  await db
    .insert(nodes)
    .values(ids.map((id) => ({ projectId, id, deleted: true })))
    .onConflictDoUpdate({ target: [nodes.projectId, nodes.id], set: { deleted: true, updatedAt: sql`now()` } });
  const gone = await db
    .delete(edges)
    .where(and(eq(edges.projectId, projectId), or(inArray(edges.source, ids), inArray(edges.target, ids))))
    .returning({
      id: edges.id,
      source: edges.source,
      target: edges.target,
      sourceHandle: edges.sourceHandle,
      targetHandle: edges.targetHandle,
    });
  return gone;
}

export async function removeEdges(db: Db, projectId: string, ids: string[]) {
  await db.delete(edges).where(and(eq(edges.projectId, projectId), inArray(edges.id, ids)));
}

/** Edges between two live nodes; self-loops and edges with a missing or deleted end are refused silently. */
export async function addEdges(db: Db, projectId: string, wanted: CanvasEdge[]): Promise<CanvasEdge[]> {
  const ends = [...new Set(wanted.flatMap((e) => [e.source, e.target]))];
  const alive = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false), inArray(nodes.id, ends)));
  const aliveIds = new Set(alive.map((a) => a.id));
  const added = wanted.filter((e) => e.source !== e.target && aliveIds.has(e.source) && aliveIds.has(e.target));
  if (added.length) {
    await db
      .insert(edges)
      .values(
        added.map((e) => ({
          projectId,
          id: e.id,
          source: e.source,
          target: e.target,
          sourceHandle: e.sourceHandle ?? null,
          targetHandle: e.targetHandle ?? null,
        })),
      )
      .onConflictDoNothing();
  }
  return added;
}

export async function saveViewport(db: Db, projectId: string, viewport: Viewport) {
  await db.update(projects).set({ viewport }).where(eq(projects.id, projectId));
}

/**
 * Marks the project as just edited (the dashboard's "Last modified"). At most every 10 s: every save
 * taking the project row's lock would queue concurrent saves of one project behind each other.
 */
export async function touchProject(db: Db, projectId: string) {
  await db
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(projects.id, projectId), sql`${projects.updatedAt} < now() - interval '10 seconds'`));
}

export type { CanvasChange };

/** Groups written whole: made, or replaced with the copy given (last writer wins). */
export async function setGroups(db: Db, projectId: string, groups: GroupRecord[]) {
  // One row per group: the last copy of a group in the run is the one that counts.
  const latest = [...new Map(groups.map((g) => [g.id, g])).values()];
  for (const g of latest) {
    const row = { name: g.name, colour: g.colour, nodeIds: g.nodeIds, collapsed: g.collapsed };
    await db
      .insert(canvasGroups)
      .values({ projectId, id: g.id, ...row })
      .onConflictDoUpdate({ target: [canvasGroups.projectId, canvasGroups.id], set: { ...row, updatedAt: sql`now()` } });
  }
}

/** Ungrouping: the frames go, their nodes stay. */
export async function removeGroups(db: Db, projectId: string, ids: string[]) {
  if (ids.length) await db.delete(canvasGroups).where(and(eq(canvasGroups.projectId, projectId), inArray(canvasGroups.id, ids)));
}

export async function loadGroups(db: Db, projectId: string): Promise<GroupRecord[]> {
  const rows = await db.select().from(canvasGroups).where(eq(canvasGroups.projectId, projectId)).orderBy(canvasGroups.createdAt);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    colour: r.colour as GroupRecord["colour"],
    nodeIds: r.nodeIds as string[],
    collapsed: r.collapsed,
  }));
}
