import { and, eq } from "drizzle-orm";
import { messagesFromChanges } from "../../domain/canvas/changeWire";
import type { CanvasChange, ChangeOf, ChangeSource } from "../../domain/canvas/changes";
import type { AutosaveConflict, CanvasEdge, CanvasNode, NodeData, Viewport } from "../../domain/canvas/node";
import type { Db } from "../db/client";
import { edges, nodes, projects } from "../db/schema";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import * as rows from "./canvasRows";

export interface CanvasState {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  viewport: Viewport | null;
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

/** The live (not deleted) nodes and edges of a project, and its saved viewport. */
export async function loadCanvas(db: Db, projectId: string): Promise<CanvasState> {
  const [nodeRows, edgeRows, [project]] = await Promise.all([
    db.select().from(nodes).where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false))).orderBy(nodes.createdAt),
    db.select().from(edges).where(eq(edges.projectId, projectId)).orderBy(edges.createdAt),
    db.select({ viewport: projects.viewport }).from(projects).where(eq(projects.id, projectId)),
  ]);
  return {
    nodes: nodeRows.map((r) => ({ id: r.id, type: r.type, position: { x: r.x, y: r.y }, data: r.data as NodeData, rev: r.rev })),
    edges: edgeRows.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle })),
    viewport: (project?.viewport as Viewport | null) ?? null,
  };
}

/**
 * The one way in and out of a canvas on the server (docs/ARCHITECTURE.md "The canvas"): the autosave and
 * structure routes, the generation runner, shot export, tools and the agent all change nodes and edges
 * here, and only here are canvas messages published. Access is checked first. A list with structure in
 * it runs in one transaction, in order; a list of node data alone is one upsert, the autosave hot path.
 * What changed is published once it is committed.
 */
export async function applyChanges(db: Db, hub: RealtimeHub, projectId: string, changes: CanvasChange[], origin: ChangeOrigin): Promise<AppliedChanges> {
  if ("userId" in origin.actor) await authorizeProject(db, origin.actor.userId, projectId, "edit");
  if (changes.length === 0) return { applied: [], conflicts: [] };
  const dataOnly = changes.every((c) => c.type === "node-data" && !c.exact);
  const result = dataOnly ? await applyRuns(db, projectId, changes) : await db.transaction((tx) => applyRuns(tx as unknown as Db, projectId, changes));
  for (const message of messagesFromChanges(result.applied, origin.source, origin.clientId)) await hub.publish(projectId, message);
  return result;
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
          if (r.node) applied.push({ type: "node-restored", id: c.id, node: r.node });
          conflicts.push(...r.conflicts);
        }
        break;
      case "node-removed":
        const cascaded = await rows.removeNodes(db, projectId, run.map((c) => (c as ChangeOf<"node-removed">).id));
        applied.push(...run, ...cascaded.map((edge): CanvasChange => ({ type: "edge-removed", id: edge.id, edge })));
        break;
      case "edge-removed":
        await rows.removeEdges(db, projectId, run.map((c) => (c as ChangeOf<"edge-removed">).id));
        applied.push(...run);
        break;
      case "edge-added": {
        const added = await rows.addEdges(db, projectId, run.map((c) => (c as ChangeOf<"edge-added">).edge));
        applied.push(...added.map((edge): CanvasChange => ({ type: "edge-added", edge })));
        break;
      }
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
    const sameKind = last && last[0]!.type === c.type && (c.type !== "node-data" || !!c.exact === !!(last[0] as ChangeOf<"node-data">).exact);
    if (sameKind) last.push(c);
    else runs.push([c]);
  }
  return runs;
}
