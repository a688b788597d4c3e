/**
 * The LoRA trainer tool: the node's picture and its connected pictures go to fal's Flux LoRA fast training
 * as one zip; fal answers the trained weights (diffusers_lora_file). The file is kept as studio media (so
 * the model outlives fal's store) and the training run becomes a model its user can pick: `lora:{run id}`
 * (domain/generation/trainedModels.ts, listed by server/generation/trainedModels.ts).
 */
import { zipSync } from "fflate";
import { trainedModelId, LORA_TRAINER_ID } from "../../domain/generation/trainedModels";
import { TOOL_MESSAGES, type ToolExecutionResult } from "../../domain/tools/api";
import type { ToolDefinition } from "../../domain/tools/catalogue";
import { findTool } from "../../domain/tools/catalogue";
import type { GenerationDeps } from "../generation/deps";
import { ProviderError } from "../generation/engine";
import { isFalEngine } from "../generation/hosted/fal";
import type { RunKind } from "../runs/kind";
import { patchNode, TOOL_ORIGIN } from "../runs/nodeWriter";
import { keepRunFile } from "../runs/output";
import { RUN_KIND_IDS } from "../runs/registry";
import { settledFields, type PreparedToolRun, type ToolJobContext } from "./toolJob";
import { toolKindBase, type ToolRunInput } from "./toolRun";

/** A Flux LoRA of the usual rank is tens of megabytes; leave room for larger ranks. */
const MAX_LORA_BYTES = 1024 * 1024 * 1024;

const EXT: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };

/**
 * The LoRA trainer's run kind: a tool run whose result is a model, not media. The node keeps it in its
 * tool result and shows 'Training' until then.
 */
export const loraTrainingRunKind: RunKind<GenerationDeps, ToolRunInput, PreparedToolRun> = {
  ...toolKindBase,
  id: RUN_KIND_IDS.loraTraining,
  async execute(ctx) {
    const tool = findTool(ctx.request.toolId);
    if (!tool) throw new ProviderError(`${TOOL_MESSAGES.unknownTool}: ${ctx.request.toolId}`);
    const started = Date.now();
    const trainedModel = await trainLora(ctx, tool, ctx.request);
    const result: ToolExecutionResult = { success: true, executionTime: Date.now() - started, trainedModel };
    await patchNode(
      ctx.deps.db,
      ctx.deps.hub,
      ctx.row.projectId,
      ctx.row.nodeId,
      () => settledFields(tool, ctx.request, result),
      TOOL_ORIGIN,
    );
    return { data: { ...result } };
  },
};

export async function trainLora(
  ctx: ToolJobContext,
  tool: ToolDefinition,
  run: PreparedToolRun,
): Promise<NonNullable<ToolExecutionResult["trainedModel"]>> {
  const fal = ctx.deps.engines.fal;
  if (!isFalEngine(fal)) throw new ProviderError(`${tool.name} cannot run on this server`);
  const credentials = await ctx.deps.credentialsFor(ctx.row.userId, tool.provider);
  if (!credentials) throw new ProviderError("Add a fal.ai key in Settings");

  // The training set, in canvas order: this node's picture first, then each connected picture.
  const urls = [run.nodeMediaUrl, ...run.connected.filter((c) => c.type === "image" && c.url).map((c) => c.url!)].filter((u): u is string =>
    Boolean(u),
  );
  ctx.progress(0, `Packing ${urls.length} images…`);
  const files: Record<string, Uint8Array> = {};
  for (const [i, url] of urls.entries()) {
    const media = await ctx.readMedia(url);
    const ext = EXT[media.contentType.split(";")[0]!.trim()];
    if (!ext) throw new ProviderError(`Training images must be PNG, JPEG, WebP or GIF (image ${i + 1} is ${media.contentType})`);
    files[`${String(i + 1).padStart(3, "0")}.${ext}`] = new Uint8Array(media.bytes);
  }
  const zip = Buffer.from(zipSync(files, { level: 0 }));

  const { lora_name, ...input } = run.params;
  const { answer, http } = await fal.queueCall(
    { credentials, signal: ctx.signal, onProgress: (r) => ctx.progress(r.percent, r.message ?? `Training ${tool.name}…`) },
    LORA_TRAINER_ID,
    { ...input, images_data_url: `data:application/zip;base64,${zip.toString("base64")}` },
    { longJob: true },
  );
  const loraUrl = (answer.diffusers_lora_file as { url?: unknown } | undefined)?.url;
  if (typeof loraUrl !== "string" || !loraUrl) throw http.failed("the training finished without a LoRA file");

  ctx.progress(100, "Keeping a copy of the trained model…");
  const file = await http.download(loraUrl, { maxBytes: MAX_LORA_BYTES, fallbackType: "application/octet-stream" });
  // Our own product, not an upload: stored as opaque bytes and only ever offered for download.
  const studioUrl = await keepRunFile(
    ctx.deps,
    ctx.row,
    file.bytes,
    { ext: "safetensors", contentType: "application/octet-stream" },
    `${String(lora_name)}.safetensors`,
  );
  return {
    modelId: trainedModelId(ctx.row.id),
    name: String(lora_name),
    triggerWord: typeof input.trigger_word === "string" && !input.is_style ? input.trigger_word : "",
    loraUrl,
    studioUrl,
  };
}
