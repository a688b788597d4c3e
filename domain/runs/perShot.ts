/**
 * For every shot: a workflow (the selected nodes) copied once per shot, each copy given its
 * shot's inputs and laid out in a lane of its own. Pure: it sees nodes, edges and shots, never the database;
 * whether a node runs (has a model or a tool) is the caller's word (the server's run kinds decide it).
 *
 * - Inputs: the shot's prompt (shotWorkflowPrompt: description, camera fields, movement, characters) goes
 *   into the workflow's text entry (a text node nothing in the workflow feeds), else into the prompt of its
 *   first runnable nodes (those no runnable node of the workflow feeds); the shot's image, when it has one,
 *   into its image inputs (uploaded pictures nothing in the workflow feeds).
 * - Copies: new ids, titled "Shot N · title", the edges among them re-pointed, and the connections that came
 *   into the workflow from outside kept (a style reference feeds every copy as it fed the original). A
 *   runnable copy starts without the original's results, so it runs (nothing is cached).
 * - Lanes: one below the other, under everything on the canvas, each as tall as the workflow plus a gap; a
 *   column that would leave the canvas continues in a new column to its right.
 * - The link: each lane's result (its last runnable node nothing in the workflow reads) is its shot's node.
 */
import { type CanvasChange, type NodeRecord, nodeAdded, edgeAdded } from "../canvas/changes";
import { GENERATION_FIELDS, type CanvasEdge, type NodeData, type Position } from "../canvas/node";
import { cardSize } from "../canvas/nodeSize";
import { boundsOf, clampPosition, type Rect } from "../canvas/placement";
import { CANVAS_EXTENT } from "../canvas/zoom";
import { hasDescription, shotWorkflowPrompt } from "../shotlists/prompt";
import type { Shot } from "../shotlists/schema";
import { shotCharacters } from "../storyboard/storyboardPlan";
import { PER_SHOT_MESSAGES, type ShotLaneTag } from "./api";

/** Room between the canvas and the first lane, and between lanes. */
export const LANE_GAP = 160;

export interface ShotToRun {
  shot: Shot;
  sceneTitle: string;
}

export interface PerShotInput {
  /** The workflow's nodes, in canvas order. */
  workflow: readonly NodeRecord[];
  /** Every node on the canvas (the workflow's too): the lanes go below them. */
  canvas: readonly Pick<NodeRecord, "position" | "data">[];
  /** Every edge on the canvas: those among the workflow's nodes and those coming into it are copied. */
  edges: readonly CanvasEdge[];
  shots: readonly ShotToRun[];
  shotListId: string;
  runnable(data: NodeData): boolean;
  /** Fresh ids (the server's), so a test can name them. */
  newNodeId(): string;
  newEdgeId(source: string, target: string): string;
  newRunId(): string;
  now?: number;
}

export interface ShotLane {
  shot: Shot;
  sceneTitle: string;
  prompt: string;
  image: string | null;
  runId: string;
  /** Workflow node id → its copy's id. */
  idMap: Map<string, string>;
  nodes: NodeRecord[];
  edges: CanvasEdge[];
  resultNodeId: string;
}

export interface PerShotPlan {
  lanes: ShotLane[];
  skippedShots: { shotId: string; shotNumber: number; reason: string }[];
  /** Every lane's nodes and edges, as one change list (one undo step). */
  changes: CanvasChange[];
}

/** What the workflow's copies are given, found once for all lanes. */
interface Roles {
  /** Nodes whose text (`content`) becomes the shot's prompt. */
  textEntries: Set<string>;
  /** Runnable nodes whose `prompt` becomes the shot's prompt (when there is no text entry). */
  promptEntries: Set<string>;
  imageEntries: Set<string>;
  resultId: string;
}

const isText = (data: NodeData) => data.contentType === "text";
const isImage = (data: NodeData) => data.contentType === "image";

export function workflowRoles(workflow: readonly NodeRecord[], edges: readonly CanvasEdge[], runnable: (data: NodeData) => boolean): Roles {
  const ids = new Set(workflow.map((n) => n.id));
  const inner = edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const byId = new Map(workflow.map((n) => [n.id, n]));
  const fedBy = (id: string) => inner.filter((e) => e.target === id).map((e) => byId.get(e.source)!);
  const entries = workflow.filter((n) => fedBy(n.id).length === 0);
  const inputs = entries.filter((n) => !runnable(n.data));
  const textEntries = new Set(inputs.filter((n) => isText(n.data)).map((n) => n.id));
  // Without a text entry, the first runnable nodes take the prompt: those no runnable node of the workflow feeds.
  const promptEntries = new Set(
    textEntries.size ? [] : workflow.filter((n) => runnable(n.data) && !fedBy(n.id).some((s) => runnable(s.data))).map((n) => n.id),
  );
  const imageEntries = new Set(inputs.filter((n) => isImage(n.data)).map((n) => n.id));
  const sinks = workflow.filter((n) => !inner.some((e) => e.source === n.id));
  const result = sinks.filter((n) => runnable(n.data)).at(-1) ?? sinks.at(-1) ?? workflow.at(-1)!;
  return { textEntries, promptEntries, imageEntries, resultId: result.id };
}

/** A copy's data: titled for its shot, tagged with its lane, given the shot's inputs, results left behind. */
function copyData(
  node: NodeRecord,
  roles: Roles,
  lane: { prompt: string; image: string | null; tag: ShotLaneTag },
  runnable: boolean,
  now: number,
): NodeData {
  const data: Record<string, unknown> = { ...node.data };
  if (runnable) for (const field of GENERATION_FIELDS) if (field !== "contentType") delete data[field];
  const named = typeof node.data.title === "string" && node.data.title.trim() ? node.data.title : "Untitled";
  // A lane copied again is titled for its new shot, not "Shot 2 · Shot 1 · …".
  const title = data.shotLane ? named.replace(/^Shot \d+ · /, "") : named;
  Object.assign(data, {
    title: PER_SHOT_MESSAGES.laneTitle(lane.tag.shotNumber, title),
    label: PER_SHOT_MESSAGES.laneTitle(lane.tag.shotNumber, title),
    shotLane: lane.tag,
    rev: 1,
    lastModified: now,
  });
  if (runnable) Object.assign(data, { status: "idle", versionHistory: [] });
  if (roles.textEntries.has(node.id)) data.content = lane.prompt;
  if (roles.promptEntries.has(node.id)) data.prompt = lane.prompt;
  if (roles.imageEntries.has(node.id) && lane.image)
    Object.assign(data, { mediaUrl: lane.image, displayUrl: lane.image, permanentMediaUrl: lane.image, azureUrl: lane.image });
  return data as NodeData;
}

const rectOf = (n: Pick<NodeRecord, "position" | "data">): Rect => ({ ...n.position, ...cardSize(n.data) });

/** Where each lane's copy of the workflow's top-left goes: under the canvas, one lane below the other. */
function laneOrigins(count: number, box: Rect, canvasBottom: number): Position[] {
  const laneHeight = box.height + LANE_GAP;
  const top = canvasBottom + LANE_GAP;
  const perColumn = Math.max(1, Math.floor((CANVAS_EXTENT - top) / laneHeight));
  return Array.from({ length: count }, (_, i) => ({
    x: box.x + Math.floor(i / perColumn) * (box.width + LANE_GAP),
    y: top + (i % perColumn) * laneHeight,
  }));
}

export function planPerShot(input: PerShotInput): PerShotPlan {
  const { workflow, edges, runnable } = input;
  const now = input.now ?? Date.now();
  const roles = workflowRoles(workflow, edges, runnable);
  const ids = new Set(workflow.map((n) => n.id));
  // Edge order kept: a node reads its inputs in the order they were connected.
  const copied = edges.filter((e) => ids.has(e.target));

  const skippedShots: PerShotPlan["skippedShots"] = [];
  const runnableShots = input.shots.filter(({ shot }) => {
    if (hasDescription(shot)) return true;
    skippedShots.push({ shotId: shot.id, shotNumber: shot.shotNumber, reason: PER_SHOT_MESSAGES.noDescription });
    return false;
  });
  const box = boundsOf(workflow.map(rectOf))!;
  const canvasBottom = Math.max(...[...input.canvas, ...workflow].map((n) => rectOf(n).y + rectOf(n).height));
  const origins = laneOrigins(runnableShots.length, box, canvasBottom);

  const lanes = runnableShots.map(({ shot, sceneTitle }, i): ShotLane => {
    const tag: ShotLaneTag = { shotListId: input.shotListId, shotId: shot.id, shotNumber: shot.shotNumber, runId: input.newRunId() };
    const lane = { prompt: shotWorkflowPrompt(shot, shotCharacters(shot)), image: shot.image ?? null, tag };
    const idMap = new Map(workflow.map((n) => [n.id, input.newNodeId()]));
    const offset = { x: origins[i]!.x - box.x, y: origins[i]!.y - box.y };
    const nodes = workflow.map(
      (n): NodeRecord => ({
        id: idMap.get(n.id)!,
        type: n.type,
        position: clampPosition({ x: n.position.x + offset.x, y: n.position.y + offset.y }),
        data: copyData(n, roles, lane, runnable(n.data), now),
      }),
    );
    const laneEdges = copied.map((e): CanvasEdge => {
      const source = idMap.get(e.source) ?? e.source;
      const target = idMap.get(e.target)!;
      return {
        id: input.newEdgeId(source, target),
        source,
        target,
        sourceHandle: e.sourceHandle ?? null,
        targetHandle: e.targetHandle ?? null,
      };
    });
    return {
      shot,
      sceneTitle,
      prompt: lane.prompt,
      image: lane.image,
      runId: tag.runId,
      idMap,
      nodes,
      edges: laneEdges,
      resultNodeId: idMap.get(roles.resultId)!,
    };
  });
  const changes: CanvasChange[] = [
    ...lanes.flatMap((l) => l.nodes.map((node): CanvasChange => nodeAdded(node))),
    ...lanes.flatMap((l) => l.edges.map((edge): CanvasChange => edgeAdded(edge))),
  ];
  return { lanes, skippedShots, changes };
}
