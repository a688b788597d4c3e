import { and, eq } from "drizzle-orm";
import { agentNodeView } from "../../domain/agent/canvasView";
import type { PlannerInput } from "../../domain/agent/planner";
import { scriptView } from "../../domain/agent/scriptView";
import { shotListView } from "../../domain/agent/shotListView";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import { normalizeShotListDocument } from "../../domain/shotlists/normalize";
import type { Db } from "../db/client";
import { scripts, shotLists } from "../db/schema";
import type { loadCanvas } from "../services/canvasService";

type Canvas = Awaited<ReturnType<typeof loadCanvas>>;

/**
 * What the planner reads: the request, the canvas as it is, the selection and context limited to nodes still
 * on it, and the project's screenplays and shot lists.
 */
export function plannerInput(
  request: { content: string; selectedNodeIds: string[]; contextNodeIds: string[] },
  canvas: Canvas,
  scripts: PlannerInput["scripts"],
  shotLists: PlannerInput["shotLists"],
  library?: PlannerInput["library"],
): PlannerInput {
  const onCanvas = new Set(canvas.nodes.map((n) => n.id));
  return {
    request: request.content,
    canvas: { nodes: canvas.nodes.map(agentNodeView), edges: canvas.edges.map((e) => ({ source: e.source, target: e.target })) },
    selection: request.selectedNodeIds.filter((n) => onCanvas.has(n)),
    context: request.contextNodeIds.filter((n) => onCanvas.has(n)),
    scripts,
    shotLists,
    ...(library ? { library } : {}),
  };
}

/** The project's screenplays, as the agent reads them. */
export async function screenplaysOf(db: Db, projectId: string) {
  const rows = await db
    .select({ id: scripts.id, name: scripts.name, elements: scripts.elements })
    .from(scripts)
    .where(and(eq(scripts.projectId, projectId), eq(scripts.fileType, "screenplay")));
  return rows.map((r) => scriptView(r.id, r.name, r.elements as ScreenplayElement[]));
}

/** The project's shot lists, as the agent reads them. */
export async function shotListsOf(db: Db, projectId: string) {
  const rows = await db
    .select({ id: shotLists.id, name: shotLists.name, scenes: shotLists.scenes })
    .from(shotLists)
    .where(eq(shotLists.projectId, projectId));
  return rows.map((r) => shotListView(r.id, r.name, normalizeShotListDocument({ scenes: r.scenes }).scenes));
}
