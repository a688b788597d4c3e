/**
 * Turns a node (and, for a single run, what the toolbar sent) into exactly what will run: model, final
 * prompt, parameters, context from the node's incoming edges, cost and an input hash. The server rebuilds
 * the context itself so a client can only feed a model media it may read.
 */
import { PROVIDER_LABELS } from "../../domain/providers/registry";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { generationContext } from "../../domain/canvas/context";
import type { NodeData } from "../../domain/canvas/node";
import { GENERATION_MESSAGES, lockedReason, type ToolbarControls } from "../../domain/generation/api";
import { findModel } from "../../domain/generation/catalogue";
import { estimateCredits } from "../../domain/generation/cost";
import { autoFillMedia, modelParameterFields } from "../../domain/generation/modelParamForm";
import { conformedRunParameters } from "../../domain/generation/runCost";
import { toMediaType, type Model } from "../../domain/generation/modelTypes";
import { composePrompt, outputTypeOf } from "../../domain/generation/toolbar";
import type { Db } from "../db/client";
import { SUBGRAPH_NODE_TYPE } from "../../domain/canvas/subgraph";
import { expandSubgraphs, parseInnerAddress } from "../../domain/runs/expandSubgraphs";
import { loadCanvas } from "../services/canvasService";
import { edges, nodes } from "../db/schema";
import { badRequest } from "../errors";
import type { RunChoices } from "../../domain/generation/nodeChoices";
import type { GenerationDeps } from "./deps";
import type { GenerationContextItem } from "./engine";
import type { StoredNode } from "../runs/nodeWriter";
import { trainedModelFor } from "./trainedModels";
import { chooseSeed } from "../../domain/generation/seeds";

/** What a queued generation row keeps in `request`: enough to run (or resume) without the node. */
export interface PreparedRun {
  modelId: string;
  userPrompt: string;
  prompt: string;
  params: Record<string, unknown>;
  controls: ToolbarControls;
  variations: number;
  seed: number;
  context: GenerationContextItem[];
  /** Upstream node ids, for connecting extra variation nodes to the same inputs. */
  inputNodeIds: string[];
  credits: number;
  ownKey: boolean;
  inputHash: string;
}

/** Live upstream nodes of `nodeId`, in edge order. */
export async function upstreamOf(db: Db, projectId: string, nodeId: string): Promise<{ id: string; data: NodeData }[]> {
  if (!parseInnerAddress(nodeId)) {
    const rows = await db
      .select({ id: nodes.id, type: nodes.type, data: nodes.data })
      .from(edges)
      .innerJoin(nodes, and(eq(nodes.projectId, edges.projectId), eq(nodes.id, edges.source)))
      .where(and(eq(edges.projectId, projectId), eq(edges.target, nodeId), eq(nodes.deleted, false)))
      .orderBy(edges.createdAt);
    if (!rows.some((r) => r.type === SUBGRAPH_NODE_TYPE)) return rows.map((r) => ({ id: r.id, data: r.data as NodeData }));
  }
  // A node inside a subgraph, or fed by one: its inputs are read on the canvas with its subgraphs opened.
  const canvas = await loadCanvas(db, projectId);
  const expanded = expandSubgraphs(canvas.nodes, canvas.edges);
  const byId = new Map(expanded.nodes.map((n) => [n.id, n]));
  return expanded.edges.flatMap((e) =>
    e.target === nodeId && byId.has(e.source) ? [{ id: e.source, data: byId.get(e.source)!.data }] : [],
  );
}

/** What the upstream nodes give a run, in edge order (spec canvas 3 "Context item sent to generation"). */
export function contextOf(upstream: { id: string; data: NodeData }[]): GenerationContextItem[] {
  return generationContext(upstream).map((c) => ({
    nodeId: c.nodeId,
    type: toMediaType(c.type) ?? "text",
    ...(c.url ? { url: c.url } : {}),
    ...(c.text ? { text: c.text } : {}),
  }));
}

/** A catalogue model, or one this user trained (`lora:…`); 400 for anything else. */
export async function modelOrThrow(db: Db, userId: string, modelId: string): Promise<Model> {
  if (!modelId) throw badRequest(GENERATION_MESSAGES.selectModel);
  const model = findModel(modelId) ?? (await trainedModelFor(db, userId, modelId))?.model;
  if (!model) throw badRequest(`${GENERATION_MESSAGES.unknownModel}: ${modelId}`);
  return model;
}

/** A stable hash of everything that decides a run's output (not the random seed of an unfixed run). */
export function inputHashOf(
  run: Pick<PreparedRun, "modelId" | "prompt" | "params" | "variations" | "context">,
  seed: number | null,
): string {
  const stable = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, stable(v)]),
        )
      : Array.isArray(value)
        ? value.map(stable)
        : value;
  const context = run.context.map((c) => ({ nodeId: c.nodeId, type: c.type, url: c.url ?? null, text: c.text ?? null }));
  return createHash("sha256")
    .update(
      JSON.stringify(stable({ model: run.modelId, prompt: run.prompt, params: run.params, variations: run.variations, context, seed })),
    )
    .digest("hex");
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);

/**
 * Media parameters left empty are filled from the connected context (spec canvas 5), including the ones the
 * form never shows (image_url, image_urls); empty values are dropped so engines see "not given".
 */
function withContextMedia(model: Model, params: Record<string, unknown>, context: GenerationContextItem[]): Record<string, unknown> {
  const media = context
    .filter((c) => c.url && c.type !== "text")
    .map((c) => ({ type: c.type === "3d" ? ("image" as const) : (c.type as "image" | "video" | "audio"), url: c.url }));
  const props = model.inputSchema.properties;
  // The hidden main image takes the first image, so a second slot (an end frame) does not repeat it.
  const hidden = [
    ...("image_url" in props ? [{ name: "image_url", accepts: ["image" as const] }] : []),
    ...("image_urls" in props ? [{ name: "image_urls", accepts: ["image" as const], multiple: true }] : []),
  ];
  const filled: Record<string, unknown> = {
    ...params,
    ...autoFillMedia([...hidden, ...modelParameterFields(model.inputSchema)], media, params),
  };
  return Object.fromEntries(Object.entries(filled).filter(([, v]) => hasValue(v)));
}

const seedFromText = (text: string) => createHash("sha256").update(text).digest().readUInt32BE(0) >>> 1;

/** `upstreamPending`: planning a graph run whose inputs for this node are not made yet (kind.ts). */
export async function prepareRun(
  deps: GenerationDeps,
  userId: string,
  projectId: string,
  node: StoredNode,
  choices: RunChoices,
  options: { upstreamPending?: boolean; upstream?: { id: string; data: NodeData }[] } = {},
): Promise<PreparedRun> {
  const model = await modelOrThrow(deps.db, userId, choices.modelId);
  const availability = deps.modelAvailability(model);
  if (!availability.usable) throw badRequest(availability.reason ?? `${model.name} is not available here`);
  const credentials = await deps.credentialsFor(userId, model.provider);
  if (!credentials) throw badRequest(lockedReason(PROVIDER_LABELS[model.provider]));

  const upstream = options.upstream ?? (await upstreamOf(deps.db, projectId, node.id));
  const context = contextOf(upstream);
  const output = outputTypeOf(model);
  const prompt = composePrompt(choices.prompt, choices.controls, output);
  if (!prompt.trim() && context.length === 0 && !options.upstreamPending) throw badRequest("Enter a prompt or connect an input node first");

  // Validated and clamped once, here, so the credits below are for exactly what the engine will make.
  const conformed = conformedRunParameters(model, choices.params, choices.controls);
  if (conformed.problems[0]) throw badRequest(conformed.problems[0].message);
  const params = withContextMedia(model, conformed.params, context);
  // A fresh seed each run unless locked (overriding spec canvas 3 for images): domain/generation/seeds.ts.
  const fixed = choices.seedFixed;
  const versions = node.data.versionHistory ?? [];
  const shown = versions[node.data.currentVersionIndex ?? versions.length - 1];
  const seed = chooseSeed({
    typed: params.seed,
    locked: fixed,
    shownSeed: shown?.seed,
    derived: () => seedFromText(`${model.id}\n${prompt}`),
  });
  const variations = model.capabilities.some((c) => c.supportsBatch) || output !== "text" ? choices.variations : 1;
  // Speech is priced by the text the engine will say, which may be the prompt or the connected text (spokenText.ts).
  const credits = credentials.ownKey ? 0 : estimateCredits(model, params, { prompt, context }) * variations;
  const base = { modelId: model.id, prompt, params, variations, context };
  return {
    ...base,
    userPrompt: choices.prompt,
    controls: choices.controls,
    seed,
    inputNodeIds: upstream.map((u) => u.id),
    credits,
    ownKey: credentials.ownKey,
    inputHash: inputHashOf(base, fixed ? seed : null),
  };
}
