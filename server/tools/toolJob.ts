/**
 * A tool run as a job of the run queue (same credits, limits, cancel, restart recovery and Queue
 * panel): prepared from the node when it is asked for, run by the queue's worker, and written back to the
 * canvas as `tool` changes through the one writer (canvasService via nodeWriter).
 */
import { withNewVersions } from "../../domain/canvas/versions";
import { PROVIDER_LABELS } from "../../domain/providers/registry";
import { createHash } from "node:crypto";
import { detectContentType, mediaUrlOf, textOf } from "../../domain/canvas/contentType";
import type { NodeData } from "../../domain/canvas/node";
import { modelInputSchemaSchema } from "../../domain/generation/modelTypes";
import { lockedReason } from "../../domain/generation/api";
import { mediaKindsOf, type ParamValue } from "../../domain/generation/parameterRules";
import { TOOL_MESSAGES, type ToolExecutionResult } from "../../domain/tools/api";
import {
  checkToolParameters,
  findTool,
  toolRunCredits,
  missingStandIn,
  nodeMediaOf,
  ToolParameterError,
  toolRunModelId,
  type NodeMedia,
  type ToolDefinition,
} from "../../domain/tools/catalogue";
import { componentRefResolver, resolveProperty, toolInputSchema } from "../../domain/generation/jsonSchema";
import { badRequest } from "../errors";
import type { GenerationDeps } from "../generation/deps";
import { ProviderError, type EngineModel, type GenerationContextItem } from "../generation/engine";
import { contextOf, upstreamOf } from "../generation/prepare";
import type { RunContext } from "../runs/kind";
import { createVariationNodes, patchNode, readNode, TOOL_ORIGIN, type StoredNode } from "../runs/nodeWriter";
import { storeRunOutput } from "../runs/output";
import { runOfflineTool } from "./localToolHost";
import { isToolInputError, type MediaInput, type ToolInputs, type ToolProduct } from "./runLocalTool";

/** What a queued tool run keeps in its generation row's `request`. */
export interface PreparedToolRun {
  modelId: string;
  toolId: string;
  params: Record<string, ParamValue>;
  /** The node's media and text when the run was asked for (the result replaces them). */
  nodeMediaUrl: string | null;
  /** What the node's media is (a tool may take several kinds); absent in runs queued before it was kept. */
  nodeMedia?: NodeMedia | null;
  nodeText: string;
  connected: GenerationContextItem[];
  credits: number;
  ownKey: boolean;
  inputHash: string;
}

const WORDS: Record<NodeMedia, string> = { image: "an image", video: "a video", audio: "audio", model3d: "a 3D model", text: "text" };

/**
 * Checks everything a run needs before anything is held: the tool, a key for a hosted one, the node's own
 * media, the connected media it requires, and the parameters (400 naming the field when one is wrong).
 */
export async function prepareToolRun(
  deps: GenerationDeps,
  userId: string,
  projectId: string,
  node: StoredNode,
  toolId: string,
  given: Record<string, unknown>,
  options: { fromUpstream?: boolean; upstreamPending?: boolean; upstream?: { id: string; data: NodeData }[] } = {},
): Promise<PreparedToolRun> {
  const tool = findTool(toolId);
  if (!tool) throw badRequest(`${TOOL_MESSAGES.unknownTool}: ${toolId}`);
  let credentials: { ownKey: boolean } | null = { ownKey: false };
  if (tool.provider !== "local") {
    credentials = await deps.credentialsFor(userId, tool.provider);
    if (!credentials) throw badRequest(lockedReason(PROVIDER_LABELS[tool.provider]));
  }
  let params: Record<string, ParamValue>;
  try {
    params = checkToolParameters(tool, given);
  } catch (err) {
    if (err instanceof ToolParameterError) throw badRequest(err.message);
    throw err;
  }
  const upstream = options.upstream ?? (await upstreamOf(deps.db, projectId, node.id));
  let connected = contextOf(upstream);
  const source = options.fromUpstream ? sourceFromUpstream(tool, connected) : null;
  if (source) connected = connected.filter((c) => c !== source);
  const data = node.data;
  const media = source ? nodeMediaOf(source.type) : nodeMediaOf(detectContentType(data));
  const nodeMediaUrl = source ? (source.url ?? null) : (mediaUrlOf(data) ?? null);
  const nodeText = source ? (source.text ?? "") : (textOf(data) ?? "");
  // Planning a graph run: the inputs are made by nodes that run first, so only the price counts here.
  if (!options.upstreamPending) {
    if (tool.accepts.length > 0) {
      const has = media && tool.accepts.includes(media) && (media === "text" ? Boolean(nodeText) : Boolean(nodeMediaUrl));
      if (!has) throw badRequest(TOOL_MESSAGES.needsMedia(tool.accepts.map((a) => WORDS[a]).join(" or ")));
    }
    for (const input of tool.connected ?? []) {
      if (!input.required) continue;
      const found = connected.filter((c) => nodeMediaOf(c.type) === input.type && (input.type === "text" ? c.text : c.url));
      if (found.length < (input.min ?? 1)) throw badRequest(TOOL_MESSAGES.needsConnected(input.name, WORDS[input.type]));
    }
    // e.g. a watermark with neither text nor a connected logo: refused before any credit is held
    const missing = missingStandIn(tool, params, connected);
    if (missing) throw badRequest(missing);
  }
  const credits = credentials.ownKey ? 0 : toolRunCredits(tool);
  const inputHash = createHash("sha256").update(JSON.stringify({ toolId, params, nodeMediaUrl, connected })).digest("hex");
  return {
    modelId: toolRunModelId(tool.id),
    toolId: tool.id,
    params,
    nodeMediaUrl,
    nodeMedia: media ?? null,
    nodeText,
    connected,
    credits,
    ownKey: credentials.ownKey,
    inputHash,
  };
}

/**
 * A tool node of a graph run works on what its input node made, not on its own last result (which would
 * upscale the upscale): the first connected item of a kind the tool takes, unless the tool also takes
 * connected inputs of that kind (a background for Replace background), where the node's own media is meant.
 */
function sourceFromUpstream(tool: ToolDefinition, connected: GenerationContextItem[]): GenerationContextItem | null {
  const own = tool.accepts.filter((kind) => !(tool.connected ?? []).some((c) => c.type === kind));
  return (
    connected.find((c) => {
      const kind = nodeMediaOf(c.type);
      return kind !== null && own.includes(kind) && (kind === "text" ? Boolean(c.text) : Boolean(c.url));
    }) ?? null
  );
}

/** What a tool run is given by the run engine. */
export type ToolJobContext = RunContext<GenerationDeps, PreparedToolRun>;

/** Runs the tool and writes its result to the canvas; returns the spec's tool execution result. */
export async function runToolJob(ctx: ToolJobContext): Promise<ToolExecutionResult> {
  const run = ctx.row.request as PreparedToolRun;
  const tool = findTool(run.toolId);
  if (!tool) throw new ProviderError(`${TOOL_MESSAGES.unknownTool}: ${run.toolId}`);
  const started = Date.now();
  const product = tool.provider === "local" ? await runLocal(ctx, tool, run) : await runHosted(ctx, tool, run);
  if (ctx.signal.aborted) throw new ProviderError("Cancelled");
  const stored = product.kind === "media" ? await storeFile(ctx, product) : null;
  const result: ToolExecutionResult = { success: true, executionTime: Date.now() - started };
  if (stored) Object.assign(result, { [RESULT_FIELD[stored.mediaType]]: stored.url });
  else if (product.kind === "text") result.text = product.text;
  await writeResult(ctx, tool, run, product, stored, result);
  return result;
}

async function runLocal(ctx: ToolJobContext, tool: ToolDefinition, run: PreparedToolRun): Promise<ToolProduct> {
  const read = async (url: string): Promise<MediaInput> => ctx.readMedia(url);
  const inputs: ToolInputs = {
    node: run.nodeMediaUrl ? await read(run.nodeMediaUrl) : null,
    nodeText: run.nodeText,
    connected: await Promise.all(
      run.connected.map(async (c) => ({
        type: nodeMediaOf(c.type) ?? "text",
        ...(c.url ? { media: await read(c.url) } : {}),
        ...(c.text ? { text: c.text } : {}),
      })),
    ),
  };
  ctx.progress(0, `Running ${tool.name}…`);
  try {
    return await runOfflineTool(tool.id, inputs, run.params, {
      signal: ctx.signal,
      onProgress: (f) => ctx.progress(f * 100, `Running ${tool.name}…`),
    });
  } catch (err) {
    // A fixable input problem is the user's to see as it is; an abort is a cancel.
    if (isToolInputError(err)) throw new ProviderError(err.message);
    if (ctx.signal.aborted) throw new ProviderError("Cancelled");
    throw err;
  }
}

/**
 * A hosted tool through its provider's engine (fal's queue API): the tool's schema is the model's input
 * schema; media slots take the node's own media first, then the connected nodes' in edge order.
 */
async function runHosted(ctx: ToolJobContext, tool: ToolDefinition, run: PreparedToolRun): Promise<ToolProduct> {
  const engine = ctx.deps.engines[tool.provider];
  if (!engine) throw new ProviderError(`${tool.name} cannot run on this server`);
  const credentials = await ctx.deps.credentialsFor(ctx.row.userId, tool.provider);
  if (!credentials) throw new ProviderError(lockedReason(PROVIDER_LABELS[tool.provider]));
  const schema = toolInputSchema(tool.schema);
  const resolve = componentRefResolver(tool.schema);
  const params: Record<string, unknown> = { ...run.params };
  const pool = [
    ...(run.nodeMediaUrl ? [{ type: run.nodeMedia ?? tool.accepts[0], url: run.nodeMediaUrl }] : []),
    ...run.connected.filter((c) => c.url).map((c) => ({ type: nodeMediaOf(c.type), url: c.url! })),
  ];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const kinds: string[] = mediaKindsOf(resolveProperty(raw, resolve).contentMediaType);
    if (kinds.length === 0) continue;
    // The node's own media is first in the pool, so a slot taking several kinds takes it before any connected one.
    const at = pool.findIndex((m) => m.type != null && kinds.includes(m.type));
    if (at >= 0) params[name] = pool.splice(at, 1)[0]!.url;
  }
  const model: EngineModel = {
    id: tool.id,
    name: tool.name,
    provider: tool.provider,
    // The tool's schema in the model shape engines read, checked rather than cast (a tool schema is looser JSON Schema).
    inputSchema: modelInputSchemaSchema.parse({
      type: "object",
      properties: schema.properties ?? {},
      required: [...(schema.required ?? [])],
    }),
    capabilities: [
      {
        inputTypes: [],
        outputTypes: [{ type: tool.output.type === "model3d" ? "3d" : tool.output.type }],
        supportsBatch: false,
        supportsStreaming: false,
      },
    ],
  };
  const result = await engine.run({
    model,
    prompt: "",
    userPrompt: "",
    params,
    context: run.connected,
    seed: 0,
    credentials,
    signal: ctx.signal,
    onProgress: (r) => ctx.progress(r.percent, r.message ?? `Running ${tool.name}…`),
    readMedia: ctx.readMedia,
    publicUrl: ctx.publicUrl,
  });
  if (result.kind === "text") return { kind: "text", text: result.texts.join("\n\n") };
  const first = result.files[0];
  if (!first) throw new ProviderError("The tool returned nothing");
  return { kind: "media", mediaType: result.mediaType, file: first };
}

const RESULT_FIELD = { image: "imageUrl", video: "videoUrl", audio: "audioUrl", "3d": "modelUrl" } as const;
const CONTENT_TYPE = { image: "image", video: "video", audio: "audio", "3d": "model3d" } as const;

/** The output becomes studio media (server/runs/output.ts, as a generation's). */
async function storeFile(ctx: ToolJobContext, product: Extract<ToolProduct, { kind: "media" }>) {
  return { url: await storeRunOutput(ctx.deps, ctx.row, product.file, product.mediaType, "The tool"), mediaType: product.mediaType };
}

/** A finished run on its node: completed, the result and the last run (tool, parameters, time). */
export function settledFields(tool: ToolDefinition, run: PreparedToolRun, result: ToolExecutionResult) {
  const last = { toolId: tool.id, parameters: run.params, result, timestamp: new Date().toISOString() };
  return {
    status: "completed" as const,
    isGenerating: false,
    error: null,
    generationProgress: null,
    toolExecutionResult: result,
    lastToolExecution: last,
  };
}

/**
 * spec canvas 4 "Tool execution complete event": the node's four media URLs are replaced by the result (the
 * media it had stays one click away in its versions), or the result goes into a new node 550 px to the
 * right, connected from this one. Either way the node records the result and its last run.
 */
async function writeResult(
  ctx: ToolJobContext,
  tool: ToolDefinition,
  run: PreparedToolRun,
  product: ToolProduct,
  stored: { url: string; mediaType: "image" | "video" | "audio" | "3d" } | null,
  result: ToolExecutionResult,
) {
  const { deps, row } = ctx;
  const settled = settledFields(tool, run, result);
  if (tool.output.kind === "replace" && stored) {
    await patchNode(
      deps.db,
      deps.hub,
      row.projectId,
      row.nodeId,
      (current) => {
        const history = current.versionHistory ?? [];
        // An uploaded picture has no version yet: it becomes the first, so the tool's result can be undone.
        const before = mediaUrlOf(current);
        const original =
          history.length === 0 && before
            ? [{ mediaUrl: before, permanentMediaUrl: before, contentType: current.contentType, createdAt: new Date().toISOString() }]
            : [];
        const versions = withNewVersions(history, ...original, {
          mediaUrl: stored.url,
          permanentMediaUrl: stored.url,
          model: tool.id,
          contentType: CONTENT_TYPE[stored.mediaType],
          createdAt: new Date().toISOString(),
        });
        return {
          mediaUrl: stored.url,
          displayUrl: stored.url,
          permanentMediaUrl: stored.url,
          azureUrl: stored.url,
          contentType: CONTENT_TYPE[stored.mediaType],
          ...versions,
          ...settled,
        };
      },
      TOOL_ORIGIN,
      ctx.node ?? undefined,
    );
    return;
  }
  const source = await readNode(deps.db, row.projectId, row.nodeId);
  if (!source) return;
  const title = `${(source.data.title as string | undefined) || "Untitled"} · ${tool.name.replace(/ \(.*\)$/, "")}`;
  const content: NodeData = stored
    ? {
        mediaUrl: stored.url,
        displayUrl: stored.url,
        permanentMediaUrl: stored.url,
        azureUrl: stored.url,
        contentType: CONTENT_TYPE[stored.mediaType],
        versionHistory: [{ mediaUrl: stored.url, model: tool.id }],
        currentVersionIndex: 0,
      }
    : { content: product.kind === "text" ? product.text : "", contentType: "text" };
  const [made] = await createVariationNodes(
    deps.db,
    deps.hub,
    row.projectId,
    source,
    [source.id],
    [{ title, status: "completed", ...content }],
    TOOL_ORIGIN,
    true,
  );
  if (made) result.nodeId = made;
  await patchNode(deps.db, deps.hub, row.projectId, row.nodeId, () => settled, TOOL_ORIGIN, source);
}
