import { z } from "zod";
import { CATALOGUE, findModel } from "../generation/catalogue";
import { toMediaType, type Model } from "../generation/modelTypes";
import { checkToolParameters, nodeMediaOf, TOOLS, ToolParameterError, type ToolDefinition } from "../tools/catalogue";
import { listModels, listTools, readCanvas, readScript, readShotList, scriptNames, shotListNames } from "./agentToolReads";
import {
  agentPlanSchema,
  isNewNodeRef,
  NEW_NODE_PREFIX,
  PLAN_MAX_STEPS,
  PLAN_NODE_KINDS,
  planStepSchema,
  type AgentPlan,
  type PlanNodeKind,
  type PlanStep,
  type PlanStepOp,
} from "./plan";
import type { PlannerAnswer, PlannerInput } from "./planner";
import { findBlockName, listBlockNames } from "../library/blockNames";

/**
 * The tools a tool-calling model plans with. Read tools answer with the PlannerInput's data and
 * the catalogues; plan tools each add one plan step, their parameters being that step's schema from plan.ts
 * without its `op`; `finish` ends the plan. Every call is checked before it counts: a call that does not fit
 * its schema, or names a node that is not there, is answered with what is wrong and changes nothing, so the
 * model can correct it. Nothing here reaches the network or files.
 */

export const AGENT_TOOL_NAMES = [
  "read_canvas",
  "list_models",
  "list_tools",
  "read_script",
  "read_shot_list",
  "add_node",
  "insert_block",
  "connect",
  "update_node",
  "delete_node",
  "layout",
  "run_node",
  "run_from_here",
  "run_tool",
  "finish",
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

export interface AgentTool {
  name: AgentToolName;
  description: string;
  /** Validates the model's arguments; its JSON Schema is what the model is shown (agentToolJsonSchema). */
  parameters: z.ZodObject;
}

/** The plan step each plan-building tool adds. */
const STEP_OF_TOOL = {
  add_node: "add-node",
  insert_block: "insert-block",
  connect: "connect",
  update_node: "update-node",
  delete_node: "delete-node",
  layout: "layout",
  run_node: "run-node",
  run_from_here: "run-from-here",
  run_tool: "run-tool",
} as const satisfies Partial<Record<AgentToolName, PlanStepOp>>;
type PlanToolName = keyof typeof STEP_OF_TOOL;

const isPlanTool = (name: string): name is PlanToolName => Object.hasOwn(STEP_OF_TOOL, name);

/** A step's schema without `op`, with notes for the model on some fields (the rules stay plan.ts's). */
function stepArgs(op: PlanStepOp, notes: Record<string, string> = {}, omit: Record<string, true> = {}): z.ZodObject {
  const variant = planStepSchema.options.find((o) => o.shape.op.value === op)!;
  const args = (variant as z.ZodObject).omit({ op: true, ...omit });
  const described = Object.fromEntries(
    Object.entries(notes).map(([field, note]) => [field, (args.shape[field] as z.ZodType).describe(note)]),
  );
  return args.extend(described);
}

const REF = 'A node: an existing node\'s id from read_canvas, or "new:<key>" for a node an earlier add_node call created.';
const FIELDS = {
  model: "A model id from list_models.",
  parameters: "The model's settings by name (optional; defaults are used when left out).",
  content: "A text node's text.",
};
const KIND = z.enum(PLAN_NODE_KINDS);
const offset = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .optional()
  .describe("Where to continue a long list (the answer says when there is more).");

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: "read_canvas",
    description:
      "Reads the canvas: its nodes (id, kind, title, prompt, text, model, position), connections, the selected nodes, the nodes in the agent's context and the project's scripts.",
    parameters: z.object({ offset }).strict(),
  },
  {
    name: "list_models",
    description:
      "Lists the models a node can use (id, name, category, provider and an estimate of the credits one run costs), optionally only those making one kind of output.",
    parameters: z.object({ output: KIND.optional().describe("Only models that make this kind of output."), offset }).strict(),
  },
  {
    name: "list_tools",
    description:
      "Lists the tools that can run on a node (upscale, remove background, extract frame…) with the credits each run costs, optionally only those working on one kind of node.",
    parameters: z.object({ media: KIND.optional().describe("Only tools that work on this kind of node."), offset }).strict(),
  },
  {
    name: "read_script",
    description: "Reads one of the project's scripts, scene by scene (heading and lines).",
    parameters: z
      .object({
        name: z.string().min(1).max(200).describe("The script's name (or id), as read_canvas lists it."),
        fromScene: z.number().int().min(1).max(100_000).optional().describe("The first scene to read (1-based)."),
      })
      .strict(),
  },
  {
    name: "read_shot_list",
    description:
      "Reads one of the project's shot lists: its scenes and shots, each shot with the image prompt the shot list itself would use.",
    parameters: z.object({ name: z.string().min(1).max(200).describe("The shot list's name (or id), as read_canvas lists it.") }).strict(),
  },
  {
    name: "add_node",
    description:
      'Adds a node to the plan. Give it a key; later calls refer to it as "new:<key>". Nodes in `inputs` are connected into it; `near` places it beside a node.',
    parameters: stepArgs("add-node", {
      key: "A short name for the new node, unique in this plan (letters, digits, - and _).",
      inputs: `Nodes connected into this one. ${REF}`,
      near: REF,
      ...FIELDS,
    }),
  },
  {
    name: "insert_block",
    description:
      'Inserts one of the film maker\'s saved library blocks (read_canvas lists them as libraryBlocks) as a new subgraph node; `input` (an image node) is wired into its first image input. Refer to it later as "new:<key>".',
    parameters: stepArgs(
      "insert-block",
      {
        key: "A short name for the new node, unique in this plan (letters, digits, - and _).",
        block: "The block's name as libraryBlocks lists it.",
        input: `The node wired into the block (usually the image it is used on). ${REF}`,
      },
      // The studio fills the block's graph in from the library.
      { subgraph: true },
    ),
  },
  {
    name: "connect",
    description: "Connects one node's output into another node.",
    parameters: stepArgs("connect", { from: REF, to: REF }),
  },
  {
    name: "update_node",
    description: "Changes fields of a node: title, prompt, a text node's content, model, model parameters, aspect ratio.",
    parameters: stepArgs("update-node", { node: REF }),
  },
  { name: "delete_node", description: "Deletes a node and its connections.", parameters: stepArgs("delete-node", { node: REF }) },
  {
    name: "layout",
    description: "Places nodes in a row, a column or a grid, starting where the first one is.",
    parameters: stepArgs("layout", { nodes: `The nodes in order. Each: ${REF}` }),
  },
  {
    name: "run_node",
    description: "Runs a node's model once the plan is applied, as the Run button does. The node needs a model. Runs cost credits.",
    parameters: stepArgs("run-node", { node: REF }),
  },
  {
    name: "run_from_here",
    description:
      "Runs a node and every node downstream of it once the plan is applied, as 'Run from here' does; nodes whose inputs did not change are skipped. Runs cost credits.",
    parameters: stepArgs("run-from-here", { node: REF }),
  },
  {
    name: "run_tool",
    description: "Runs a tool (an id from list_tools) on a node once the plan is applied. Runs cost credits.",
    parameters: stepArgs("run-tool", {
      node: REF,
      tool: "A tool id from list_tools.",
      parameters: "The tool's settings by name (optional).",
    }),
  },
  {
    name: "finish",
    description:
      "Ends your turn with a summary the film maker reads before applying the plan (one or two sentences). Call it once, last, even when the plan is empty.",
    parameters: z
      .object({ summary: agentPlanSchema.shape.summary.describe("What the plan does, or the answer when there is nothing to change.") })
      .strict(),
  },
];

const BY_NAME = new Map(AGENT_TOOLS.map((t) => [t.name, t]));

/** The JSON Schema of a tool's parameters, as the model is shown it (what a call may contain). */
export function agentToolJsonSchema(tool: AgentTool): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(tool.parameters, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

/** A plan being built from a model's calls. Immutable: answerToolCall returns the next one. */
export interface PlanBuild {
  readonly input: PlannerInput;
  readonly steps: readonly PlanStep[];
  /** Set by `finish`. */
  readonly summary: string | null;
  /** What list_models and list_tools offer (the server may mark models it cannot run as not usable). */
  readonly models: readonly Model[];
  readonly tools: readonly ToolDefinition[];
}

export function startPlanBuild(
  input: PlannerInput,
  catalogue: { models?: readonly Model[]; tools?: readonly ToolDefinition[] } = {},
): PlanBuild {
  return { input, steps: [], summary: null, models: catalogue.models ?? CATALOGUE, tools: catalogue.tools ?? TOOLS };
}

export interface ToolCallAnswer {
  build: PlanBuild;
  /** What goes back to the model as the call's result. */
  text: string;
  /** False when the call was refused (nothing changed; `text` says why). */
  ok: boolean;
}

/** Longest error text sent back to a model. */
const ERROR_CHARS = 1500;

/**
 * Answers one tool call: a read returns data, a plan call adds its step, `finish` ends the plan. A call
 * that is not valid (unknown tool, bad JSON, wrong fields, a node that is not there) is answered with an
 * error text and changes nothing.
 */
export function answerToolCall(build: PlanBuild, name: string, argsJson: string): ToolCallAnswer {
  const refuse = (why: string): ToolCallAnswer => ({
    build,
    ok: false,
    text: `Error: ${why.length > ERROR_CHARS ? `${why.slice(0, ERROR_CHARS)}…` : why}`,
  });
  const tool = BY_NAME.get(name as AgentToolName);
  if (!tool) return refuse(`There is no tool "${name}". The tools are: ${AGENT_TOOL_NAMES.join(", ")}.`);
  if (build.summary !== null) return refuse("The plan is already finished.");

  let raw: unknown;
  try {
    raw = argsJson.trim() === "" ? {} : JSON.parse(argsJson);
  } catch (err) {
    return refuse(`The arguments of ${name} are not valid JSON (${(err as Error).message}).`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refuse(`The arguments of ${name} must be a JSON object.`);
  const parsed = tool.parameters.safeParse(withoutNulls(raw));
  if (!parsed.success) return refuse(`The arguments of ${name} do not fit its parameters:\n${z.prettifyError(parsed.error)}`);
  const args = parsed.data as Record<string, unknown>;
  const ok = (text: string, next: PlanBuild = build): ToolCallAnswer => ({ build: next, ok: true, text });

  switch (tool.name) {
    case "read_canvas":
      return ok(readCanvas(build.input, args.offset as number | undefined));
    case "list_models":
      return ok(listModels(build.models, args.output as PlanNodeKind | undefined, args.offset as number | undefined));
    case "list_tools":
      return ok(listTools(build.tools, args.media as PlanNodeKind | undefined, args.offset as number | undefined));
    case "read_script": {
      const found = readScript(build.input, args.name as string, args.fromScene as number | undefined);
      return found === null
        ? refuse(`There is no script called "${String(args.name)}". The scripts are: ${scriptNames(build.input)}.`)
        : ok(found);
    }
    case "read_shot_list": {
      const found = readShotList(build.input, args.name as string);
      return found === null
        ? refuse(`There is no shot list called "${String(args.name)}". The shot lists are: ${shotListNames(build.input)}.`)
        : ok(found);
    }
    case "finish":
      return ok(build.steps.length ? `The plan has ${build.steps.length} steps and is finished.` : "Finished without changes.", {
        ...build,
        summary: args.summary as string,
      });
  }
  if (!isPlanTool(tool.name)) return refuse(`There is no tool "${name}".`);
  if (build.steps.length >= PLAN_MAX_STEPS) return refuse(`A plan has at most ${PLAN_MAX_STEPS} steps. Call finish.`);
  const step = planStepSchema.safeParse({ op: STEP_OF_TOOL[tool.name], ...args });
  if (!step.success) return refuse(z.prettifyError(step.error));
  const problem = checkStep(build, step.data);
  if (problem) return refuse(problem);
  const steps = [...build.steps, step.data];
  return ok(describeAdded(step.data, steps.length), { ...build, steps });
}

/** The answer once the loop ends: the finished plan, or what was built when the model stopped early. */
export function plannerAnswerOf(build: PlanBuild, unfinished?: string): PlannerAnswer {
  const summary = build.summary ?? unfinished ?? "The plan is not finished.";
  if (build.steps.length === 0) return { reply: summary, plan: null };
  const plan: AgentPlan = agentPlanSchema.parse({ summary: summary.slice(0, 2000), steps: build.steps });
  return { reply: summary, plan };
}

interface LiveNode {
  kind: string;
  model?: string;
}

/** The nodes as the plan so far leaves them, by the ref a step uses for each (an id, or new:<key>). */
function liveNodes(build: PlanBuild): Map<string, LiveNode> {
  const nodes = new Map<string, LiveNode>(
    build.input.canvas.nodes.map((n) => [n.id, { kind: n.kind, ...(n.model ? { model: n.model } : {}) }]),
  );
  for (const step of build.steps) {
    if (step.op === "add-node")
      nodes.set(`${NEW_NODE_PREFIX}${step.key}`, { kind: step.kind, ...(step.model ? { model: step.model } : {}) });
    if (step.op === "insert-block") nodes.set(`${NEW_NODE_PREFIX}${step.key}`, { kind: "subgraph" });
    if (step.op === "update-node" && step.set.model) nodes.set(step.node, { ...nodes.get(step.node)!, model: step.set.model });
    if (step.op === "delete-node") nodes.delete(step.node);
  }
  return nodes;
}

/** Why a well-formed step cannot go into this plan, or null when it can. */
function checkStep(build: PlanBuild, step: PlanStep): string | null {
  const nodes = liveNodes(build);
  const missing = (ref: string): string | null => {
    if (nodes.has(ref)) return null;
    const added = [...nodes.keys()].filter(isNewNodeRef);
    const hint = added.includes(`${NEW_NODE_PREFIX}${ref}`) ? ` Did you mean "${NEW_NODE_PREFIX}${ref}"?` : "";
    const deleted = build.steps.some((s) => s.op === "delete-node" && s.node === ref);
    if (deleted) return `${ref} is deleted by an earlier step.`;
    if (isNewNodeRef(ref))
      return `${ref} is not a node this plan adds (add it with add_node first).${added.length ? ` New nodes so far: ${added.join(", ")}.` : ""}`;
    return `There is no node "${ref}" on the canvas; use an id from read_canvas.${hint}`;
  };
  const firstMissing = (refs: string[]) => refs.map(missing).find((m) => m !== null) ?? null;
  const modelProblem = (model: string | undefined, kind: string): string | null => {
    if (!model) return null;
    const found = build.models.find((m) => m.id === model) ?? findModel(model);
    if (!found) return `There is no model "${model}"; use an id from list_models.`;
    const media = toMediaType(kind);
    if (media && !found.capabilities.some((c) => c.outputTypes.some((o) => o.type === media)))
      return `${found.name} does not make ${kind}; choose a model from list_models with output "${kind}".`;
    return null;
  };

  switch (step.op) {
    case "add-node":
      if (nodes.has(`${NEW_NODE_PREFIX}${step.key}`) || build.steps.some((s) => s.op === "add-node" && s.key === step.key))
        return `The key "${step.key}" is already used in this plan; choose another.`;
      return firstMissing([...step.inputs, ...(step.near ? [step.near] : [])]) ?? modelProblem(step.model, step.kind);
    case "insert-block": {
      if (nodes.has(`${NEW_NODE_PREFIX}${step.key}`) || build.steps.some((s) => "key" in s && s.key === step.key))
        return `The key "${step.key}" is already used in this plan; choose another.`;
      const names = (build.input.library ?? []).map((b) => b.name);
      if (!findBlockName(names, step.block))
        return names.length
          ? `There is no block called "${step.block}" in the library. The blocks are: ${listBlockNames(names, 50)}.`
          : "The film maker has no blocks in their library.";
      return step.input ? missing(step.input) : null;
    }
    case "connect":
      if (step.from === step.to) return "A node cannot be connected to itself.";
      return firstMissing([step.from, step.to]);
    case "update-node":
      return missing(step.node) ?? modelProblem(step.set.model, nodes.get(step.node)!.kind);
    case "delete-node":
      // compilePlan refuses a plan that runs a node and then deletes it.
      if (build.steps.some((s) => (s.op === "run-node" || s.op === "run-from-here" || s.op === "run-tool") && s.node === step.node))
        return `${step.node} runs in this plan, so it cannot be deleted too.`;
      return missing(step.node);
    case "layout":
      return firstMissing(step.nodes);
    case "run-node": {
      const gone = missing(step.node);
      if (gone) return gone;
      return nodes.get(step.node)!.model ? null : `${step.node} has no model to run; set one with update_node (or add_node's model) first.`;
    }
    case "run-from-here":
      return missing(step.node);
    case "run-tool": {
      const gone = missing(step.node);
      if (gone) return gone;
      const tool = build.tools.find((t) => t.id === step.tool);
      if (!tool) return `There is no tool "${step.tool}"; use an id from list_tools.`;
      const media = nodeMediaOf(nodes.get(step.node)!.kind);
      if (tool.accepts.length && (!media || !tool.accepts.includes(media)))
        return `${tool.name} works on ${tool.accepts.join(" or ")} nodes.`;
      try {
        checkToolParameters(tool, step.parameters);
      } catch (err) {
        // A text left empty for a connected input to stand in for is checked when the tool runs.
        if (!(err instanceof ToolParameterError) || err.field === tool.standIn?.parameter) return null;
        return `${tool.name}: ${err.message}.`;
      }
      return null;
    }
  }
}

function describeAdded(step: PlanStep, count: number): string {
  const n = `Step ${count} added`;
  switch (step.op) {
    case "add-node":
      return `${n}: a ${step.kind} node; refer to it as "${NEW_NODE_PREFIX}${step.key}".`;
    case "insert-block":
      return `${n}: the block "${step.block}"; refer to it as "${NEW_NODE_PREFIX}${step.key}".`;
    case "connect":
      return `${n}: ${step.from} → ${step.to}.`;
    case "update-node":
      return `${n}: ${step.node} changes ${Object.keys(step.set).join(", ") || "nothing"}.`;
    case "delete-node":
      return `${n}: ${step.node} is deleted.`;
    case "layout":
      return `${n}: ${step.nodes.length} nodes in a ${step.arrangement}.`;
    case "run-node":
      return `${n}: ${step.node} runs once the plan is applied.`;
    case "run-from-here":
      return `${n}: ${step.node} and everything downstream of it run once the plan is applied.`;
    case "run-tool":
      return `${n}: ${step.tool} runs on ${step.node} once the plan is applied.`;
  }
}

/** Models often send `null` for a field they mean to leave out; an absent field is what the schema reads. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}
