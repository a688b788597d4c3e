/**
 * Factories for the planner's tests and the agent eval (bench/agent): a canvas given once, seen both as the
 * planner sees it (AgentNodeView) and as compilePlan reads it (node data), scripts, and a plan compiled
 * against the canvas it was made for.
 */
import type { Position } from "../../canvas/node";
import type { ElementType } from "../../screenplay/elements";
import { compilePlan, type CompiledPlan, type PlanCanvas } from "../compilePlan";
import type { AgentBlockView, AgentNodeView, AgentScriptView, AgentShotListView, PlannerAnswer, PlannerInput } from "../planner";

export interface NodeSpec {
  id: string;
  kind?: AgentNodeView["kind"];
  title?: string;
  prompt?: string;
  text?: string;
  model?: string;
  aspectRatio?: string;
  hasMedia?: boolean;
  position?: Position;
  rev?: number;
}

export interface CanvasSpec {
  nodes?: NodeSpec[];
  /** [source, target] pairs. */
  edges?: [string, string][];
  selection?: string[];
  context?: string[];
  scripts?: AgentScriptView[];
  shotLists?: AgentShotListView[];
  /** The asker's library blocks. */
  library?: AgentBlockView[];
}

const DEFAULT_TITLES: Record<AgentNodeView["kind"], string> = {
  none: "Untitled",
  text: "Text",
  image: "Image",
  video: "Video",
  audio: "Audio",
  model3d: "3D model",
};

function view(spec: NodeSpec, i: number): AgentNodeView {
  const kind = spec.kind ?? "none";
  return {
    id: spec.id,
    kind,
    title: spec.title ?? DEFAULT_TITLES[kind],
    ...(spec.prompt !== undefined ? { prompt: spec.prompt } : {}),
    ...(spec.text !== undefined ? { text: spec.text.slice(0, 500) } : {}),
    ...(spec.model !== undefined ? { model: spec.model } : {}),
    ...(spec.aspectRatio !== undefined ? { aspectRatio: spec.aspectRatio } : {}),
    hasMedia: spec.hasMedia ?? false,
    position: spec.position ?? { x: 400 + (i % 10) * 550, y: 400 + Math.floor(i / 10) * 440 },
  };
}

/** The same canvas as the planner sees it and as compilePlan reads it. */
export function buildCanvas(
  specs: readonly NodeSpec[],
  edgePairs: readonly [string, string][] = [],
): { view: PlannerInput["canvas"]; plan: PlanCanvas } {
  const views = specs.map(view);
  const edges = edgePairs.map(([source, target]) => ({
    id: `edge-${source}-${target}`,
    source,
    target,
    sourceHandle: null,
    targetHandle: null,
  }));
  const nodes = specs.map((spec, i) => {
    const v = views[i]!;
    return {
      id: v.id,
      type: "generic_v2",
      position: v.position,
      data: {
        title: v.title,
        label: v.title,
        status: spec.hasMedia ? ("completed" as const) : ("idle" as const),
        ...(v.kind !== "none" ? { contentType: v.kind } : {}),
        ...(spec.prompt !== undefined ? { prompt: spec.prompt } : {}),
        ...(spec.text !== undefined ? { content: spec.text } : {}),
        ...(spec.model !== undefined ? { selectedModel: spec.model } : {}),
        ...(spec.aspectRatio !== undefined ? { aspectRatio: spec.aspectRatio } : {}),
        ...(spec.hasMedia ? { mediaUrl: `/api/media/test/${v.id}.bin` } : {}),
        rev: spec.rev ?? 3,
      },
    };
  });
  return { view: { nodes: views, edges: edges.map(({ source, target }) => ({ source, target })) }, plan: { nodes, edges } };
}

/** A planner input for `request` on a canvas, and the canvas compilePlan reads. */
export function plannerCase(request: string, spec: CanvasSpec = {}): { input: PlannerInput; canvas: PlanCanvas } {
  const { view: canvasView, plan } = buildCanvas(spec.nodes ?? [], spec.edges ?? []);
  return {
    input: {
      request,
      canvas: canvasView,
      selection: spec.selection ?? [],
      context: spec.context ?? [],
      scripts: spec.scripts ?? [],
      ...(spec.shotLists ? { shotLists: spec.shotLists } : {}),
      ...(spec.library ? { library: spec.library } : {}),
    },
    canvas: plan,
  };
}

export type LineSpec = [type: ElementType, text: string, character?: string];

/** A script with scenes; dialogue lines name their character (the cue before them). */
export function buildScript(id: string, name: string, scenes: { heading: string; number?: string; lines: LineSpec[] }[]): AgentScriptView {
  return {
    id,
    name,
    scenes: scenes.map((s, i) => ({
      index: i + 1,
      ...(s.number ? { number: s.number } : {}),
      heading: s.heading,
      lines: s.lines.map(([type, text, character]) => ({ type, text, ...(character ? { character } : {}) })),
    })),
  };
}

export const PLAN_NOW = 1_763_812_800_000;

/** The answer's plan compiled against `canvas` with predictable ids (n0, n1…); throws when there is none or it is refused. */
export function compileAnswer(answer: PlannerAnswer, canvas: PlanCanvas): CompiledPlan {
  if (!answer.plan) throw new Error(`No plan: ${answer.reply}`);
  const result = compilePlan(answer.plan, canvas, { now: PLAN_NOW, newId: (i) => `n${i}`, newEdge: (s, t) => `e-${s}-${t}` });
  if (!result.ok) throw new Error(`Plan refused: ${result.error}`);
  return result.plan;
}

/** The nodes a compiled plan adds, with their final data. */
export function addedNodes(compiled: CompiledPlan) {
  return compiled.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
}

/** The edges a compiled plan adds, as [source, target]. */
export function addedEdges(compiled: CompiledPlan): [string, string][] {
  return compiled.changes.flatMap((c) => (c.type === "edge-added" ? [[c.edge.source, c.edge.target] as [string, string]] : []));
}

const WORDS = "harbour fog dawn lighthouse pier gulls trawler rain neon alley detective letter corridor wheat field shadows".split(" ");

/** A canvas of `n` nodes of every kind (some with media, models and text), as the timing runs use. */
export function largeCanvas(n: number): NodeSpec[] {
  const kinds: AgentNodeView["kind"][] = ["image", "image", "text", "video", "audio", "image", "model3d", "none", "text", "image"];
  const models: Partial<Record<AgentNodeView["kind"], string>> = {
    image: "local/sketch",
    video: "local/video-ffmpeg",
    audio: "local/tts-flite",
    model3d: "local/mesh",
    text: "local/prompt-writer",
  };
  return Array.from({ length: n }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    const words = Array.from({ length: 6 + (i % 9) }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(" ");
    return {
      id: `node-${i}`,
      kind,
      title: `Shot ${i + 1} ${WORDS[i % WORDS.length]}`,
      ...(kind !== "none" && kind !== "text" ? { prompt: words } : {}),
      ...(kind === "text" ? { text: `${words}. ${words}.` } : {}),
      ...(models[kind] ? { model: models[kind] } : {}),
      ...(kind === "image" ? { aspectRatio: "16:9" } : {}),
      hasMedia: kind !== "none" && i % 3 !== 0,
    };
  });
}

/**
 * Plans `request` on the canvas and compiles what comes back: the answer, and (with a plan) the compiled
 * changes, the new nodes' data in order and the new edges.
 */
export function planCase(plan: (input: PlannerInput) => PlannerAnswer, request: string, spec: CanvasSpec = {}) {
  const { input, canvas } = plannerCase(request, spec);
  const answer = plan(input);
  const compiled = answer.plan ? compileAnswer(answer, canvas) : null;
  return {
    answer,
    compiled,
    added: compiled ? addedNodes(compiled) : [],
    edges: compiled ? addedEdges(compiled) : [],
    steps: answer.plan?.steps ?? [],
  };
}
