/**
 * The model run kind: a catalogue model, or a LoRA its user trained (it runs on fal's Flux LoRA endpoint
 * with its file), on a canvas node. The engine (server/runs) holds, queues and settles it; this prepares it
 * from the toolbar's choices, calls the provider's engine once per variation, stores the outputs as studio
 * media and writes the node (media, version, variation nodes).
 */
import { withNewVersions } from "../../domain/canvas/versions";
import { ADDRESS_PROVIDERS, PROVIDER_LABELS } from "../../domain/providers/registry";
import type { NodeData } from "../../domain/canvas/node";
import { GENERATION_MESSAGES, lockedReason, type GenerationData } from "../../domain/generation/api";
import { displayNameFor, findModel } from "../../domain/generation/catalogue";
import { type MediaType, type Model } from "../../domain/generation/modelTypes";
import { nodeFieldsOf, runChoicesOf, type RunChoices } from "../../domain/generation/nodeChoices";
import { trainedRunInput } from "../../domain/generation/trainedModels";
import type { RunContext, RunKind, RunResult } from "../runs/kind";
import { createVariationNodes, patchNode } from "../runs/nodeWriter";
import { putRunOutput, recordRunMedia, type StoredRunFile } from "../runs/output";
import { RUN_KIND_IDS } from "../runs/registry";
import type { GenerationDeps } from "./deps";
import { ProviderError, type EngineResult } from "./engine";
import { prepareRun, type PreparedRun } from "./prepare";
import { trainedModelFor } from "./trainedModels";

const NODE_CONTENT: Record<Exclude<MediaType, "text">, { field: keyof GenerationData; contentType: string }> = {
  image: { field: "imageUrl", contentType: "image" },
  video: { field: "videoUrl", contentType: "video" },
  audio: { field: "audioUrl", contentType: "audio" },
  "3d": { field: "modelUrl", contentType: "model3d" },
};

/** A run's products: media (stored, their rows recorded with the settle or before the node shows them) and texts. */
type Outputs = { urls: { url: string; mediaType: Exclude<MediaType, "text"> }[]; texts: string[]; files: StoredRunFile[] };
type ModelRunContext = RunContext<GenerationDeps, PreparedRun>;

export const modelRunKind: RunKind<GenerationDeps, RunChoices, PreparedRun> = {
  id: RUN_KIND_IDS.model,
  onCanvas: true,
  prepare: ({ deps, userId, projectId, node, upstreamPending, upstream }, choices) =>
    prepareRun(deps, userId, projectId, node, choices, { upstreamPending, upstream }),
  // The node keeps the choices it ran with (selection sync reads them back).
  queuedFields: (_run, choices) => nodeFieldsOf(choices),
  async execute(ctx) {
    const { model, outputs } = await runModel(ctx);
    return writeNode(ctx, model, outputs);
  },
  describe: (row, nodeTitle) => ({ title: (nodeTitle ?? "Untitled") || "Untitled", modelName: displayNameFor(row.modelId).name }),
  chainStep(data: NodeData) {
    const choices = runChoicesOf(data);
    return choices.modelId ? { input: choices, modelId: choices.modelId } : null;
  },
};

/** Calls the model's engine once per variation and stores what it made. */
export async function runModel(ctx: ModelRunContext): Promise<{ model: Model; outputs: Outputs }> {
  const { deps, row, request: run, signal } = ctx;
  const trained = findModel(row.modelId) ? null : await trainedModelFor(deps.db, row.userId, row.modelId);
  const model = findModel(row.modelId) ?? trained?.model;
  if (!model) throw new ProviderError(`${GENERATION_MESSAGES.unknownModel}: ${row.modelId}`);
  const call = trained ? trainedRunInput(model, trained.lora, run.params, run.prompt) : null;
  const engine = deps.engines[model.provider];
  if (!engine) throw new ProviderError(`${displayNameFor(model.id).name} cannot run on this server`);
  const resolved = await deps.credentialsFor(row.userId, model.provider);
  if (!resolved) throw new ProviderError(lockedReason(PROVIDER_LABELS[model.provider]));
  // A server address the user typed may only be reached on public addresses, checked at connect time.
  const credentials = { ...resolved, publicOnly: resolved.ownKey && ADDRESS_PROVIDERS.includes(model.provider) };
  const results: EngineResult[] = [];
  for (let i = 0; i < run.variations; i++) {
    const share = 100 / run.variations;
    results.push(
      await engine.run({
        model: call?.model ?? model,
        prompt: call?.prompt ?? run.prompt,
        userPrompt: run.userPrompt,
        params: call?.params ?? run.params,
        context: run.context,
        seed: (run.seed + i) % 2 ** 31,
        credentials,
        signal,
        onProgress: (r) =>
          ctx.progress(
            r.percent === undefined ? undefined : i * share + (r.percent * share) / 100,
            r.message ?? GENERATION_MESSAGES.processing,
          ),
        readMedia: ctx.readMedia,
        publicUrl: ctx.publicUrl,
      }),
    );
    if (signal.aborted) throw new ProviderError(GENERATION_MESSAGES.cancelled);
  }
  return { model, outputs: await store(ctx, model, results) };
}

/** Outputs become studio media under generated names, typed from their bytes (never from the provider's word). */
async function store(ctx: ModelRunContext, model: Model, results: EngineResult[]): Promise<Outputs> {
  const urls: Outputs["urls"] = [];
  const texts: string[] = [];
  const files: StoredRunFile[] = [];
  for (const result of results) {
    if (result.kind === "text") {
      texts.push(...result.texts.filter((t) => t.trim()));
      continue;
    }
    for (const file of result.files) {
      const stored = await putRunOutput(ctx.deps, ctx.row, file, result.mediaType, model.name);
      files.push(stored);
      urls.push({ url: stored.url, mediaType: result.mediaType });
    }
  }
  if (!urls.length && !texts.length) throw new ProviderError(GENERATION_MESSAGES.noContent);
  return { urls, texts, files };
}

/** What the run answers (its row's result): the first output, by its field. */
export function resultOf(outputs: Outputs): GenerationData {
  const [first] = outputs.urls;
  return first ? { [NODE_CONTENT[first.mediaType].field]: first.url, permanentUrl: first.url } : { text: outputs.texts[0] };
}

/** The first output on the node with a new version; the others as variation nodes below it. */
async function writeNode(ctx: ModelRunContext, model: Model, outputs: Outputs): Promise<RunResult> {
  const { deps, row, request: run } = ctx;
  const { db, hub } = deps;
  const [first, ...extraMedia] = outputs.urls;
  const [firstText, ...extraTexts] = outputs.texts;
  const contentFor = (
    media?: { url: string; mediaType: Exclude<MediaType, "text"> },
    text?: string,
  ): Partial<NodeData> & Record<string, unknown> =>
    media
      ? {
          mediaUrl: media.url,
          displayUrl: media.url,
          permanentMediaUrl: media.url,
          azureUrl: media.url,
          contentType: NODE_CONTENT[media.mediaType].contentType,
          content: "",
        }
      : { content: text ?? "", contentType: "text", mediaUrl: "", displayUrl: "", permanentMediaUrl: "", azureUrl: "" };
  const data = resultOf(outputs);
  const patch = (current: NodeData) => {
    const versions = withNewVersions(current.versionHistory, {
      prompt: run.userPrompt,
      mediaUrl: first?.url,
      permanentMediaUrl: first?.url,
      model: model.id,
      contentType: first ? NODE_CONTENT[first.mediaType].contentType : "text",
      createdAt: new Date().toISOString(),
      seed: run.seed,
    });
    return {
      ...contentFor(first, firstText),
      status: "completed" as const,
      isGenerating: false,
      error: null,
      generationProgress: null,
      ...versions,
    };
  };
  const extras = [...extraMedia.map((m) => contentFor(m)), ...extraTexts.map((t) => contentFor(undefined, t))];
  const image = first?.mediaType === "image" ? { image: first.url } : {};
  // One output: the engine writes it on the node as it records the success, with its media row (RunResult).
  if (!extras.length) return { data, ...image, nodeResult: { patch }, media: outputs.files };
  // Several: the node and its variations show them now, so their rows are written first.
  await recordRunMedia(deps, outputs.files);
  const node = await patchNode(db, hub, row.projectId, row.nodeId, patch, undefined, ctx.node ?? undefined);
  if (node) {
    data.variationNodeIds = await createVariationNodes(
      db,
      hub,
      row.projectId,
      node,
      run.inputNodeIds,
      extras.map((content, i) => ({
        ...content,
        title: `${(node.data.title as string | undefined) ?? "Untitled"} · variation ${i + 2}`,
        // Shaped like the source from the start (the card still takes its picture's ratio once loaded).
        ...(typeof node.data.aspectRatio === "string" ? { aspectRatio: node.data.aspectRatio } : {}),
        prompt: run.userPrompt,
        selectedModel: model.id,
        status: "completed",
        // Variation i+2 ran with the seed after the first's.
        versionHistory: [
          { prompt: run.userPrompt, mediaUrl: content.mediaUrl as string | undefined, model: model.id, seed: (run.seed + i + 1) % 2 ** 31 },
        ],
        currentVersionIndex: 0,
      })),
    );
  }
  return { data, ...(node ? image : {}) };
}
