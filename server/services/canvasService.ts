import { and, eq, inArray, or, sql } from "drizzle-orm";
import type {
  AutosaveConflict,
  AutosaveUpdate,
  CanvasEdge,
  CanvasNode,
  NodeData,
  StructureRequest,
  Viewport,
} from "../../domain/canvas/node";
import type { Db } from "../db/client";
import { edges, nodes, projects } from "../db/schema";

export interface CanvasState {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  viewport: Viewport | null;
}

const toNode = (r: typeof nodes.$inferSelect): CanvasNode => ({
  id: r.id,
  type: r.type,
  position: { x: r.x, y: r.y },
  data: r.data as NodeData,
  rev: r.rev,
});

/** The live (not deleted) nodes and edges of a project, and its saved viewport. */
export async function loadCanvas(db: Db, projectId: string): Promise<CanvasState> {
  const [nodeRows, edgeRows, [project]] = await Promise.all([
    db.select().from(nodes).where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false))).orderBy(nodes.createdAt),
    db.select().from(edges).where(eq(edges.projectId, projectId)).orderBy(edges.createdAt),
    db.select({ viewport: projects.viewport }).from(projects).where(eq(projects.id, projectId)),
  ]);
  return {
    nodes: nodeRows.map(toNode),
    edges: edgeRows.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle })),
    viewport: (project?.viewport as Viewport | null) ?? null,
  };
}

const incomingRev = (u: AutosaveUpdate) => u.nodeData.rev ?? u.prevRev + 1;

/**
 * Applies node-data writes under the revision rule (spec: canvas 4, "synced data keeps the higher rev"):
 * a write lands only over an older revision. An equal one is a conflict too: two clients that edited the
 * same revision both carry rev+1, and the second must merge rather than silently replace the first (the
 * client merges and writes again). So each revision number is stored at most once per node. A tombstone
 * wins over any write. Unknown ids create the
 * node. One upsert statement does the whole batch (this is the autosave hot path, bench/autosave); only
 * the writes that did not land are read back, to answer them as conflicts.
 */
export async function applyNodeUpdates(
  db: Db,
  projectId: string,
  updates: AutosaveUpdate[],
): Promise<{ applied: { id: string; rev: number; data: NodeData }[]; conflicts: AutosaveConflict[] }> {
  // The last update of a node in one batch is the one that counts.
  const latest = [...new Map(updates.map((u) => [u.nodeId, u])).values()].map((u) => {
    const rev = incomingRev(u);
    return { id: u.nodeId, rev, data: { ...u.nodeData, rev } };
  });
  const landed = await db
    .insert(nodes)
    .values(latest.map((u) => ({ projectId, id: u.id, data: u.data, rev: u.rev })))
    .onConflictDoUpdate({
      target: [nodes.projectId, nodes.id],
      set: { data: sql`excluded.data`, rev: sql`excluded.rev`, updatedAt: sql`now()` },
      setWhere: sql`${nodes.rev} < excluded.rev and ${nodes.deleted} = false`,
    })
    .returning({ id: nodes.id });
  const landedIds = new Set(landed.map((r) => r.id));
  const applied = latest.filter((u) => landedIds.has(u.id));
  const refused = latest.filter((u) => !landedIds.has(u.id)).map((u) => u.id);
  const conflicts: AutosaveConflict[] = [];
  if (refused.length) {
    const stored = await db
      .select({ id: nodes.id, rev: nodes.rev, data: nodes.data, deleted: nodes.deleted })
      .from(nodes)
      .where(and(eq(nodes.projectId, projectId), inArray(nodes.id, refused)));
    for (const row of stored) {
      conflicts.push(row.deleted ? { nodeId: row.id, rev: row.rev, nodeData: null, deleted: true } : { nodeId: row.id, rev: row.rev, nodeData: row.data as NodeData });
    }
  }
  if (applied.length) await touchProject(db, projectId);
  return { applied, conflicts };
}

/**
 * Positions, new nodes, deletions (as tombstones), edges and viewport in one transaction. Edges whose
 * ends are missing or deleted are refused silently (spec: canvas 4, prune edges with missing ends).
 */
export async function applyStructure(db: Db, projectId: string, change: StructureRequest): Promise<StructureRequest> {
  return db.transaction(async (tx) => {
    if (change.restoredNodeIds.length) {
      await tx
        .update(nodes)
        .set({ deleted: false, updatedAt: sql`now()` })
        .where(and(eq(nodes.projectId, projectId), inArray(nodes.id, change.restoredNodeIds)));
    }
    const deleted = new Set(change.deletedNodeIds);
    const moved = change.nodes.filter((n) => !deleted.has(n.id));
    for (const n of moved) {
      await tx
        .insert(nodes)
        .values({ projectId, id: n.id, type: n.type, x: n.position.x, y: n.position.y })
        .onConflictDoUpdate({
          target: [nodes.projectId, nodes.id],
          set: { x: n.position.x, y: n.position.y, updatedAt: sql`now()` },
          // A tombstone is never moved back to life.
          setWhere: eq(nodes.deleted, false),
        });
    }
    if (deleted.size) {
      const ids = [...deleted];
      // Tombstones also for ids the server never saw, so a late create cannot resurrect them.
      await tx
        .insert(nodes)
        .values(ids.map((id) => ({ projectId, id, deleted: true })))
        .onConflictDoUpdate({ target: [nodes.projectId, nodes.id], set: { deleted: true, updatedAt: sql`now()` } });
      await tx.delete(edges).where(and(eq(edges.projectId, projectId), or(inArray(edges.source, ids), inArray(edges.target, ids))));
    }
    if (change.edgesRemoved.length) {
      await tx.delete(edges).where(and(eq(edges.projectId, projectId), inArray(edges.id, change.edgesRemoved)));
    }
    let edgesAdded: CanvasEdge[] = [];
    if (change.edgesAdded.length) {
      const ends = new Set(change.edgesAdded.flatMap((e) => [e.source, e.target]));
      const alive = await tx
        .select({ id: nodes.id })
        .from(nodes)
        .where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false), inArray(nodes.id, [...ends])));
      const aliveIds = new Set(alive.map((a) => a.id));
      edgesAdded = change.edgesAdded.filter((e) => e.source !== e.target && aliveIds.has(e.source) && aliveIds.has(e.target));
      if (edgesAdded.length) {
        await tx
          .insert(edges)
          .values(edgesAdded.map((e) => ({ projectId, id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null })))
          .onConflictDoNothing();
      }
    }
    if (change.viewport) await tx.update(projects).set({ viewport: change.viewport }).where(eq(projects.id, projectId));
    if (moved.length || deleted.size || change.restoredNodeIds.length || change.edgesRemoved.length || edgesAdded.length) await touchProject(tx as unknown as Db, projectId);
    return { ...change, nodes: moved, edgesAdded };
  });
}

/**
 * Marks the project as just edited (the dashboard's "Last modified"). At most every 10 s: every save
 * taking the project row's lock would queue concurrent saves of one project behind each other.
 */
async function touchProject(db: Db, projectId: string) {
  await db
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(projects.id, projectId), sql`${projects.updatedAt} < now() - interval '10 seconds'`));
}
