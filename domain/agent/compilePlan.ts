import { type CanvasChange, type NodeRecord, nodeAdded, nodeRemoved, nodeMoved, nodeData, edgeAdded, edgeRemoved } from "../canvas/changes";
import { canConnect } from "../canvas/connections";
import type { CanvasEdge, NodeData, Position } from "../canvas/node";
import { firstFreePosition, NEXT_NODE_OFFSET_X, NODE_FOOTPRINT, newEdgeId, newNodeId, nextNodePosition } from "../canvas/placement";
import { findModel } from "../generation/catalogue";
import { newSubgraphId, SUBGRAPH_NODE_TYPE, withSubgraph } from "../canvas/subgraph";
import { imageInputOf } from "../library/blockInput";
import { runChoicesOf } from "../generation/nodeChoices";
import { conformedRunParameters, runCredits } from "../generation/runCost";
import { checkToolParameters, findTool, nodeMediaOf, ToolParameterError, toolRunCredits } from "../tools/catalogue";
import { isNewNodeRef, NEW_NODE_PREFIX, type AgentPlan, type PlanNodeFields, type PlanNodeKind, type PlanStep } from "./plan";

/** The canvas a plan is compiled against: the browser's store (or the server's rows) as it is now. */
export interface PlanCanvas {
  nodes: ReadonlyArray<{ id: string; type?: string; position: Position; data: NodeData }>;
  edges: ReadonlyArray<CanvasEdge>;
}

/** A run the plan asks for once its changes are applied (the Run button's and the Tools tab's routes). */
export type PlannedRun =
  | { kind: "node"; nodeId: string }
  | { kind: "from-here"; nodeId: string }
  | { kind: "tool"; nodeId: string; toolId: string; parameters: Record<string, unknown> };

export interface CompiledPlan {
  /** One list: applied as one `agent` undo step, sent as one batch. */
  changes: CanvasChange[];
  runs: PlannedRun[];
  /** The credits the runs will hold, as the Run button and the Tools tab would charge them. */
  credits: number;
  /** The new nodes' ids by their plan key. */
  created: Record<string, string>;
  /** Every node the plan adds or changes (for the chat message's node list). */
  touchedNodeIds: string[];
}

export type CompileResult = { ok: true; plan: CompiledPlan } | { ok: false; error: string };

export const KIND_TITLES: Readonly<Record<PlanNodeKind, string>> = {
  text: "Text",
  image: "Image",
  video: "Video",
  audio: "Audio",
  model3d: "3D model",
};
const DEFAULT_RATIO: Partial<Record<PlanNodeKind, string>> = { image: "1:1", video: "16:9" };
/** Rows of a layout and of nodes stacked beside one node are this far apart. */
const ROW_STEP = NODE_FOOTPRINT.height;

class PlanError extends Error {}

/**
 * Turns a plan into the change list that carries it out against `canvas`, refusing the whole plan (nothing
 * applied) when a step names a node that is not there, connects what cannot be connected, or runs what
 * cannot run. Pure: the same plan on the same canvas gives the same changes (ids from `newId`).
 */
/** `now` stamps the new data; `newId` and `newEdge` name new nodes and edges (tests give fixed names). */
export interface CompileOptions {
  now: number;
  newId?: (index: number) => string;
  newEdge?: (source: string, target: string, index: number) => string;
}

export function compilePlan(plan: AgentPlan, canvas: PlanCanvas, opts: CompileOptions): CompileResult {
  try {
    return { ok: true, plan: compile(plan, canvas, opts) };
  } catch (err) {
    if (err instanceof PlanError) return { ok: false, error: err.message };
    throw err;
  }
}

function compile(plan: AgentPlan, canvas: PlanCanvas, opts: CompileOptions): CompiledPlan {
  const nodes = new Map(canvas.nodes.map((n) => [n.id, { id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data }]));
  const edges: CanvasEdge[] = [...canvas.edges];
  const created: Record<string, string> = {};
  const changes: CanvasChange[] = [];
  const runs: PlannedRun[] = [];
  const touched = new Set<string>();
  /** Data changes are collected per node so that a node updated twice is written once, at one revision. */
  const dataEdits = new Map<string, { prevRev: number; fields: Set<string> }>();
  const occupied = () => [...nodes.values()].map((n) => n.position);
  let idCount = 0;
  let edgeCount = 0;
  let lastPlaced: Position | null = canvas.nodes.length ? rightmost(canvas.nodes.map((n) => n.position)) : null;

  const resolve = (ref: string, step: PlanStep): string => {
    if (isNewNodeRef(ref)) {
      const id = created[ref.slice(NEW_NODE_PREFIX.length)];
      if (!id) throw new PlanError(`Step "${step.op}" names ${ref}, which no earlier step adds.`);
      if (!nodes.has(id)) throw new PlanError(`Step "${step.op}" names ${ref}, which an earlier step deletes.`);
      return id;
    }
    if (!nodes.has(ref)) throw new PlanError(`Step "${step.op}" names a node that is no longer on the canvas (${ref}).`);
    return ref;
  };

  const connect = (source: string, target: string, targetHandle: string | null = null) => {
    const check = canConnect(new Set(nodes.keys()), edges, source, target);
    if (!check.ok) {
      if (check.reason === "duplicate") return;
      throw new PlanError(
        check.reason === "self" ? "A node cannot be connected to itself." : "A connection names a node that is not on the canvas.",
      );
    }
    const edge: CanvasEdge = {
      id: opts.newEdge?.(source, target, edgeCount) ?? newEdgeId(source, target, opts.now + edgeCount),
      source,
      target,
      sourceHandle: null,
      targetHandle,
    };
    edgeCount += 1;
    edges.push(edge);
    changes.push(edgeAdded(edge));
  };

  const setFields = (id: string, fields: PlanNodeFields) => {
    const node = nodes.get(id)!;
    const patch = nodeFieldsPatch(fields);
    if (fields.model && !findModel(fields.model)) throw new PlanError(`There is no model "${fields.model}".`);
    // Settings change one by one (a video's duration, a camera move): the others stay, unless the model changes.
    if (patch.modelParameters && !patch.selectedModel)
      patch.modelParameters = { ...(node.data.modelParameters ?? {}), ...patch.modelParameters };
    const edit = dataEdits.get(id) ?? { prevRev: node.data.rev ?? 0, fields: new Set<string>() };
    for (const k of Object.keys(patch)) edit.fields.add(k);
    dataEdits.set(id, edit);
    node.data = { ...node.data, ...patch };
    touched.add(id);
  };

  for (const step of plan.steps) {
    switch (step.op) {
      case "add-node": {
        if (created[step.key]) throw new PlanError(`Two steps add a node called "${step.key}".`);
        const inputs = step.inputs.map((r) => resolve(r, step));
        const anchorId = step.near ? resolve(step.near, step) : inputs.at(-1);
        const anchor = anchorId ? nodes.get(anchorId)!.position : null;
        const position = anchor
          ? firstFreePosition({ x: anchor.x + NEXT_NODE_OFFSET_X, y: anchor.y }, occupied(), { x: 0, y: ROW_STEP })
          : firstFreePosition(nextNodePosition(lastPlaced), occupied(), { x: NEXT_NODE_OFFSET_X, y: 0 });
        const id = opts.newId?.(idCount) ?? newNodeId(opts.now + idCount);
        idCount += 1;
        const { op: _op, key: _key, kind, inputs: _inputs, near: _near, ...fields } = step;
        const ratio = DEFAULT_RATIO[kind];
        const data: NodeData = {
          title: KIND_TITLES[kind],
          status: "idle",
          contentType: kind,
          ...(ratio ? { aspectRatio: ratio } : {}),
          ...(kind === "text" ? { content: "" } : {}),
          ...nodeFieldsPatch(fields),
          rev: 1,
          lastModified: opts.now,
        };
        if (fields.model && !findModel(fields.model)) throw new PlanError(`There is no model "${fields.model}".`);
        if (data.title && !data.label) data.label = data.title;
        const record: NodeRecord = { id, type: "generic_v2", position, data };
        nodes.set(id, record);
        created[step.key] = id;
        touched.add(id);
        lastPlaced = position;
        changes.push(nodeAdded(record));
        for (const input of inputs) connect(input, id);
        break;
      }
      case "insert-block": {
        if (created[step.key]) throw new PlanError(`Two steps add a node called "${step.key}".`);
        if (!step.subgraph) throw new PlanError(`The block "${step.block}" is not in your library.`);
        const input = step.input ? resolve(step.input, step) : undefined;
        const anchor = input ? nodes.get(input)!.position : null;
        const position = anchor
          ? firstFreePosition({ x: anchor.x + NEXT_NODE_OFFSET_X, y: anchor.y }, occupied(), { x: 0, y: ROW_STEP })
          : firstFreePosition(nextNodePosition(lastPlaced), occupied(), { x: NEXT_NODE_OFFSET_X, y: 0 });
        const id = opts.newId?.(idCount) ?? newSubgraphId(opts.now + idCount);
        idCount += 1;
        const record: NodeRecord = {
          id,
          type: SUBGRAPH_NODE_TYPE,
          position,
          data: { ...withSubgraph({}, step.subgraph), rev: 1, lastModified: opts.now },
        };
        nodes.set(id, record);
        created[step.key] = id;
        touched.add(id);
        lastPlaced = position;
        changes.push(nodeAdded(record));
        if (input) connect(input, id, imageInputOf(step.subgraph)?.id ?? null);
        break;
      }
      case "connect":
        connect(resolve(step.from, step), resolve(step.to, step));
        break;
      case "update-node":
        setFields(resolve(step.node, step), step.set);
        break;
      case "delete-node": {
        const id = resolve(step.node, step);
        const node = nodes.get(id)!;
        for (const e of edges.filter((e) => e.source === id || e.target === id)) {
          changes.push(edgeRemoved(e.id, e));
          edges.splice(edges.indexOf(e), 1);
        }
        changes.push(nodeRemoved(id, { id, type: node.type, position: node.position, data: node.data }));
        nodes.delete(id);
        dataEdits.delete(id);
        touched.delete(id);
        break;
      }
      case "layout": {
        const ids = [...new Set(step.nodes.map((r) => resolve(r, step)))];
        const start = nodes.get(ids[0]!)!.position;
        const columns = step.arrangement === "row" ? ids.length : step.arrangement === "column" ? 1 : Math.ceil(Math.sqrt(ids.length));
        ids.forEach((id, i) => {
          const position = { x: start.x + (i % columns) * NEXT_NODE_OFFSET_X, y: start.y + Math.floor(i / columns) * ROW_STEP };
          nodes.get(id)!.position = position;
          if (!Object.values(created).includes(id)) changes.push(nodeMoved(id, position));
        });
        break;
      }
      case "run-node": {
        const id = resolve(step.node, step);
        runs.push({ kind: "node", nodeId: id });
        break;
      }
      case "run-from-here":
        runs.push({ kind: "from-here", nodeId: resolve(step.node, step) });
        break;
      case "run-tool": {
        const id = resolve(step.node, step);
        const tool = findTool(step.tool);
        if (!tool) throw new PlanError(`There is no tool "${step.tool}".`);
        // The Tools tab's route refuses these parameters, after the changes would already be applied.
        try {
          checkToolParameters(tool, step.parameters);
        } catch (err) {
          if (err instanceof ToolParameterError) throw new PlanError(`${tool.name}: ${err.message}.`);
          throw err;
        }
        const media = nodeMediaOf(nodes.get(id)!.data.contentType);
        if (tool.accepts.length && (!media || !tool.accepts.includes(media)))
          throw new PlanError(`${tool.name} works on ${tool.accepts.join(" or ")} nodes.`);
        runs.push({ kind: "tool", nodeId: id, toolId: tool.id, parameters: step.parameters });
        break;
      }
    }
  }

  // New nodes carry their final data in node-added; existing ones get one data change each.
  const createdIds = new Set(Object.values(created));
  for (const change of changes) {
    const now = change.type === "node-added" && createdIds.has(change.node.id) ? nodes.get(change.node.id) : undefined;
    if (change.type === "node-added" && now) change.node = { id: now.id, type: now.type, position: now.position, data: { ...now.data } };
  }
  for (const [id, edit] of dataEdits) {
    if (createdIds.has(id) || !nodes.has(id)) continue;
    const rev = edit.prevRev + 1;
    changes.push(nodeData(id, { ...nodes.get(id)!.data, rev, lastModified: opts.now }, edit.prevRev, { fields: [...edit.fields] }));
  }

  let credits = 0;
  for (const run of runs) {
    const node = nodes.get(run.nodeId);
    if (!node) throw new PlanError("A run names a node the plan deletes.");
    if (run.kind === "tool") {
      credits += toolRunCredits(findTool(run.toolId)!);
      continue;
    }
    if (run.kind === "from-here") {
      // At most what every node with a model from here on costs (unchanged ones are skipped as cached).
      for (const id of downstreamOf(run.nodeId, edges)) {
        const n = nodes.get(id);
        if (n && findModel(runChoicesOf(n.data).modelId)) credits += nodeRunCredits(n.data, id);
      }
      continue;
    }
    credits += nodeRunCredits(node.data, run.nodeId);
  }
  return { changes, runs, credits, created, touchedNodeIds: [...touched] };
}

/** What running a node's model costs, as the Run button charges it; a node that cannot run refuses the plan. */
function nodeRunCredits(data: NodeData, id: string): number {
  const choices = runChoicesOf(data);
  const model = findModel(choices.modelId);
  if (!model) throw new PlanError(`"${data.title ?? id}" has no model to run.`);
  // The Run button's route refuses a run whose parameters the model cannot take (server/generation/prepare.ts).
  const problem = conformedRunParameters(model, choices.params, choices.controls).problems[0];
  if (problem) throw new PlanError(`"${data.title ?? id}": ${problem.message}.`);
  return runCredits(model, choices.params, choices.controls, choices.variations, choices.prompt);
}

/** The node and every node its outputs reach, through the edges. */
function downstreamOf(start: string, edges: readonly CanvasEdge[]): string[] {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    const id = queue.shift()!;
    for (const e of edges) if (e.source === id && !seen.has(e.target)) seen.add(e.target), queue.push(e.target);
  }
  return [...seen];
}

/** The node fields a plan's fields set (the names the sidebar and Run read). */
function nodeFieldsPatch(fields: PlanNodeFields): Partial<NodeData> {
  const patch: Partial<NodeData> = {};
  if (fields.title !== undefined) Object.assign(patch, { title: fields.title, label: fields.title });
  if (fields.prompt !== undefined) patch.prompt = fields.prompt;
  if (fields.content !== undefined) patch.content = fields.content;
  if (fields.model !== undefined) patch.selectedModel = fields.model;
  if (fields.parameters !== undefined) patch.modelParameters = fields.parameters;
  if (fields.aspectRatio !== undefined) patch.aspectRatio = fields.aspectRatio;
  return patch;
}

function rightmost(positions: Position[]): Position {
  return positions.reduce((a, b) => (b.x > a.x ? b : a));
}
