/**
 * The library of reusable blocks (issue 34, 3): save a project's subgraph node to the caller's library
 * (kept as a workflow file keeps nodes: prompts, models, tools, parameters; no results or media), list and
 * delete one's own blocks, and prepare a block for insertion into a project the caller may edit, with the
 * workflow files' missing-model check. A block is only ever its owner's: anyone else's id is not found.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { SUBGRAPH_NODE_TYPE, subgraphOf, type SubgraphData } from "../../domain/canvas/subgraph";
import {
  LIBRARY_BLOCKS_MAX,
  LIBRARY_MESSAGES,
  type LibraryBlockSummary,
  type PreparedBlock,
  type SaveBlockRequest,
} from "../../domain/library/api";
import { compatibilityReport, type StudioChoices } from "../../domain/workflowFile/compatibility";
import { workflowNodeData } from "../../domain/workflowFile/nodeData";
import type { Db } from "../db/client";
import { libraryBlocks, nodes } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";

export interface LibraryDeps {
  db: Db;
  studioChoices(userId: string): Promise<StudioChoices>;
}

type BlockRow = typeof libraryBlocks.$inferSelect;
const summary = (r: BlockRow): LibraryBlockSummary => {
  const sub = r.subgraph as SubgraphData;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    nodeCount: sub.nodes.length,
    inputs: sub.inputs.map((p) => p.label),
    outputs: sub.outputs.map((p) => p.label),
    models: [
      ...new Set(
        sub.nodes.flatMap((n) => (typeof n.data.selectedModel === "string" && n.data.selectedModel ? [n.data.selectedModel] : [])),
      ),
    ],
    createdAt: r.createdAt.toISOString(),
  };
};

/** A block's inner graph as the library keeps it: run-time fields and media left out, as in a workflow file. */
const asBlock = (sub: SubgraphData, name: string): SubgraphData => ({
  ...sub,
  name,
  nodes: sub.nodes.map((n) => ({ ...n, data: workflowNodeData(n.data, () => null) })),
});

export async function saveBlock(deps: LibraryDeps, userId: string, body: SaveBlockRequest): Promise<LibraryBlockSummary> {
  const { db } = deps;
  // Saving copies what the caller can see: viewers may keep a project's block in their own library.
  await authorizeProject(db, userId, body.projectId, "view");
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.projectId, body.projectId), eq(nodes.id, body.nodeId), eq(nodes.deleted, false)))
    .limit(1);
  const sub = row && subgraphOf({ type: row.type, data: row.data as never });
  if (!row || row.type !== SUBGRAPH_NODE_TYPE || !sub) throw badRequest(LIBRARY_MESSAGES.notSubgraph);
  const [{ n }] = (await db.select({ n: count() }).from(libraryBlocks).where(eq(libraryBlocks.ownerId, userId))) as [{ n: number }];
  if (n >= LIBRARY_BLOCKS_MAX) throw badRequest(LIBRARY_MESSAGES.full);
  const [made] = await db
    .insert(libraryBlocks)
    .values({ id: randomUUID(), ownerId: userId, name: body.name, description: body.description, subgraph: asBlock(sub, body.name) })
    .onConflictDoNothing()
    .returning();
  // The unique index on (owner, lower(name)) refuses a name that differs from one of theirs only by case.
  if (!made) throw conflict(LIBRARY_MESSAGES.nameTaken);
  return summary(made);
}

export async function listBlocks(db: Db, userId: string): Promise<LibraryBlockSummary[]> {
  const rows = await db.select().from(libraryBlocks).where(eq(libraryBlocks.ownerId, userId)).orderBy(asc(libraryBlocks.name));
  return rows.map(summary);
}

/** The caller's blocks with their inner graphs, for the agent (it reads their names and inserts one by name). */
export async function blocksForAgent(db: Db, userId: string): Promise<{ summary: LibraryBlockSummary; subgraph: SubgraphData }[]> {
  const rows = await db.select().from(libraryBlocks).where(eq(libraryBlocks.ownerId, userId)).orderBy(asc(libraryBlocks.name));
  return rows.map((r) => ({ summary: summary(r), subgraph: r.subgraph as SubgraphData }));
}

async function ownBlock(db: Db, userId: string, where: { id: string } | { name: string }): Promise<BlockRow> {
  const [row] = await db
    .select()
    .from(libraryBlocks)
    .where(and(eq(libraryBlocks.ownerId, userId), "id" in where ? eq(libraryBlocks.id, where.id) : eq(libraryBlocks.name, where.name)))
    .limit(1);
  if (!row) throw notFound(LIBRARY_MESSAGES.notFound);
  return row;
}

export async function deleteBlock(db: Db, userId: string, id: string): Promise<void> {
  await ownBlock(db, userId, { id });
  await db.delete(libraryBlocks).where(and(eq(libraryBlocks.ownerId, userId), eq(libraryBlocks.id, id)));
}

/**
 * The block ready to insert into `projectId` (the caller must be able to edit it), by id or by name (the
 * agent), and what of it will not run here with a substitute where one exists (workflow files' check).
 */
export async function prepareBlock(
  deps: LibraryDeps,
  userId: string,
  projectId: string,
  block: { id: string } | { name: string },
): Promise<PreparedBlock & { name: string }> {
  await authorizeProject(deps.db, userId, projectId, "edit");
  const row = await ownBlock(deps.db, userId, block);
  const subgraph = row.subgraph as SubgraphData;
  const issues = compatibilityReport(subgraph.nodes, subgraph.edges, await deps.studioChoices(userId));
  return { name: row.name, subgraph, issues };
}
