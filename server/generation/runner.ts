/**
 * Runs one queued generation: claims it (respecting the per-user limit), calls the engine with live
 * progress, stores the outputs as studio media, writes the node (media, version, status) and settles the
 * credits. A failure releases the hold and puts the message on the node. Exactly one of capture and release
 * happens, decided by which status change wins.
 */
import { and, eq, sql } from "drizzle-orm";
import type { NodeData } from "../../domain/canvas/node";
import { ADDRESS_PROVIDERS, GENERATION_MESSAGES, type GenerationData } from "../../domain/generation/api";
import { displayNameFor, findModel } from "../../domain/generation/catalogue";
import { trainedRunInput } from "../../domain/generation/trainedModels";
import { trainedModelFor } from "./trainedModels";
import type { MediaType, Model } from "../../domain/generation/modelTypes";
import { generations } from "../db/schema";
import { HttpError } from "../errors";
import { safeFetch, SafeFetchError } from "../net/safeFetch";
import { mediaForCaller } from "../services/mediaService";
import { storeRunOutput } from "./runOutput";
import { captureCredits, releaseCredits } from "./credits";
import type { GenerationDeps } from "./deps";
import { ProviderError, type EngineResult, type MediaBytes } from "./engine";
import { createVariationNodes, patchNode, readNode, TOOL_ORIGIN } from "./nodeWriter";
import { toolIdOfRun } from "../../domain/tools/catalogue";
import { runToolJob } from "../tools/toolJob";
import type { PreparedRun } from "./prepare";
import { shotImageFromNode } from "../storyboard/shotNodes";
import { ANIMATIC_RUN_MODEL } from "../../domain/animatic/api";
import { runAnimatic } from "../animatic/animaticRun";

export type GenerationRow = typeof generations.$inferSelect;

/** How often a running job proves its worker is alive, and how stale a heartbeat may get. */
export const HEARTBEAT_MS = 5_000;
/** Progress is published at most this often per generation. */
const PROGRESS_EVERY_MS = 200;
/**
 * …and stored at most this often, from the run's start (the stored figure is what a page loaded mid-run
 * shows until the next message). The end is stored by the settling write, so a run shorter than this
 * stores no progress at all: two statements fewer for every short tool run (bench:tools' queue overhead).
 */
const PROGRESS_STORED_EVERY_MS = 1_000;

const NODE_CONTENT: Record<Exclude<MediaType, "text">, { field: keyof GenerationData; contentType: string }> = {
  image: { field: "imageUrl", contentType: "image" },
  video: { field: "videoUrl", contentType: "video" },
  audio: { field: "audioUrl", contentType: "audio" },
  "3d": { field: "modelUrl", contentType: "model3d" },
};

const STUDIO_MEDIA = /^\/api\/media\/([0-9a-f-]{36})$/i;

export class GenerationRunner {
  /** Runs in this process, so a cancel can stop them at once. */
  private readonly running = new Map<string, AbortController>();
  /**
   * Runs in this process until their settle writes are done. A failure marks its row first (so a cancel and a
   * failure cannot both release the hold) and writes the node after: waiters use `finished` so that a settled
   * row is never read next to a node that still says 'generating'.
   */
  private readonly settling = new Map<string, Promise<void>>();
  /** Called after a generation settles (the chain moves on from here). */
  onSettled: (row: GenerationRow) => Promise<void> = async () => {};

  constructor(private readonly deps: GenerationDeps) {}

  abortLocal(generationId: string): boolean {
    const controller = this.running.get(generationId);
    controller?.abort();
    return Boolean(controller);
  }

  /** The queue's job handler. Safe to call twice for one generation: only one claim wins. */
  async run(generationId: string): Promise<void> {
    const claim = await this.claim(generationId);
    if (claim === "busy") {
      // The user already has as many runs as allowed: look again shortly.
      await this.deps.queue.send({ generationId }, { startAfterSeconds: 1 });
      return;
    }
    if (!claim) return;
    const done = this.execute(claim);
    this.settling.set(generationId, done);
    try {
      await done;
    } finally {
      this.settling.delete(generationId);
    }
  }

  /** Resolves once this process has finished settling the generation (at once if it is not running here). */
  async finished(generationId: string): Promise<void> {
    await this.settling.get(generationId)?.catch(() => {});
  }

  private async claim(generationId: string): Promise<GenerationRow | "busy" | null> {
    const { db } = this.deps;
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(generations).where(eq(generations.id, generationId)).limit(1);
      if (!row || row.status !== "queued") return null;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`runs:${row.userId}`}))`);
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(generations)
        .where(and(eq(generations.userId, row.userId), eq(generations.status, "running")))) as [{ count: number }];
      if (count >= this.deps.perUserConcurrency) return "busy";
      const [claimed] = await tx
        .update(generations)
        .set({ status: "running", attempts: sql`${generations.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()` })
        .where(and(eq(generations.id, generationId), eq(generations.status, "queued")))
        .returning();
      return claimed ?? null;
    });
  }

  private async execute(row: GenerationRow): Promise<void> {
    const { db, hub } = this.deps;
    const run = row.request as PreparedRun;
    const controller = new AbortController();
    this.running.set(row.id, controller);
    const heartbeat = setInterval(() => void this.beat(row.id, controller), HEARTBEAT_MS);
    let lastProgress = 0;
    let lastStored = Date.now();
    const progress = (percent: number | undefined, message: string) => {
      const now = Date.now();
      if (now - lastProgress < PROGRESS_EVERY_MS && percent !== 100) return;
      lastProgress = now;
      const rounded = percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percent)));
      void hub.publish(row.projectId, { type: "generation", generationId: row.id, nodeId: row.nodeId, status: "running", percent: rounded, message });
      if (rounded === undefined || rounded === 100 || now - lastStored < PROGRESS_STORED_EVERY_MS) return;
      lastStored = now;
      void db.update(generations).set({ progress: rounded }).where(eq(generations.id, row.id)).catch(() => {});
    };
    try {
      await hub.publish(row.projectId, { type: "generation", generationId: row.id, nodeId: row.nodeId, status: "running", message: GENERATION_MESSAGES.processing });
      if (row.modelId === ANIMATIC_RUN_MODEL) {
        await this.settleSucceeded(row, { ...(await runAnimatic({ deps: this.deps, row, signal: controller.signal, progress })) });
        return;
      }
      if (toolIdOfRun(row.modelId)) {
        const result = await runToolJob({
          deps: this.deps,
          row,
          signal: controller.signal,
          progress,
          readMedia: (url) => this.readMedia(row.userId, url, controller.signal),
          publicUrl: (url) => this.publicUrl(row.userId, url, controller.signal),
        });
        await this.settleSucceeded(row, result as Record<string, unknown>);
        return;
      }
      // A catalogue model, or a LoRA this user trained (it runs on fal's Flux LoRA endpoint with its file).
      const trained = findModel(row.modelId) ? null : await trainedModelFor(db, row.userId, row.modelId);
      const model = findModel(row.modelId) ?? trained?.model;
      if (!model) throw new ProviderError(`${GENERATION_MESSAGES.unknownModel}: ${row.modelId}`);
      const call = trained ? trainedRunInput(model, trained.lora, run.params, run.prompt) : null;
      const engine = this.deps.engines[model.provider];
      if (!engine) throw new ProviderError(`${displayNameFor(model.id).name} cannot run on this server`);
      const resolved = await this.deps.credentialsFor(row.userId, model.provider);
      if (!resolved) throw new ProviderError(`Add a ${model.provider} key in Settings`);
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
            signal: controller.signal,
            onProgress: (r) => progress(r.percent === undefined ? undefined : i * share + (r.percent * share) / 100, r.message ?? GENERATION_MESSAGES.processing),
            readMedia: (url) => this.readMedia(row.userId, url, controller.signal),
            publicUrl: (url) => this.publicUrl(row.userId, url, controller.signal),
          }),
        );
        if (controller.signal.aborted) throw new ProviderError(GENERATION_MESSAGES.cancelled);
      }
      const outputs = await this.store(row, model, results);
      await this.succeed(row, model, run, outputs);
    } catch (err) {
      await this.fail(row, controller.signal.aborted ? GENERATION_MESSAGES.cancelled : messageOf(err));
    } finally {
      clearInterval(heartbeat);
      this.running.delete(row.id);
    }
  }

  /** Keeps the heartbeat fresh, and stops the run when someone cancelled it (possibly from another process). */
  private async beat(generationId: string, controller: AbortController) {
    try {
      const [row] = await this.deps.db
        .update(generations)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(generations.id, generationId))
        .returning({ status: generations.status });
      if (row && row.status !== "running") controller.abort();
    } catch {
      // A missed beat is retried in 5 s; the sweeper allows several.
    }
  }

  /** A URL a hosted provider can fetch: studio media as a data URI (spec canvas 7), other URLs as they are. */
  private async publicUrl(userId: string, url: string, signal: AbortSignal): Promise<string> {
    if (!STUDIO_MEDIA.test(url)) return url;
    const media = await this.readMedia(userId, url, signal);
    return `data:${media.contentType};base64,${media.bytes.toString("base64")}`;
  }

  /** Studio media by id, checked against the caller's permission; other URLs through safeFetch. */
  private async readMedia(userId: string, url: string, signal: AbortSignal): Promise<MediaBytes> {
    const match = STUDIO_MEDIA.exec(url);
    if (match) {
      const row = await mediaForCaller(this.deps.db, userId, match[1]);
      const object = await this.deps.storage.get(row.key);
      if (!object) throw new ProviderError("An input file is missing from storage");
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks), contentType: row.contentType };
    }
    if (signal.aborted) throw new ProviderError(GENERATION_MESSAGES.cancelled);
    const fetched = await safeFetch(url);
    if (fetched.status >= 400) throw new ProviderError(`An input file could not be fetched (${fetched.status})`);
    return { bytes: fetched.body, contentType: fetched.contentType };
  }

  /** Outputs become studio media under generated names, typed from their bytes (never from the provider's word). */
  private async store(row: GenerationRow, model: Model, results: EngineResult[]) {
    const urls: { url: string; mediaType: Exclude<MediaType, "text"> }[] = [];
    const texts: string[] = [];
    for (const result of results) {
      if (result.kind === "text") {
        texts.push(...result.texts.filter((t) => t.trim()));
        continue;
      }
      for (const file of result.files) urls.push({ url: await storeRunOutput(this.deps, row, file, result.mediaType, model.name), mediaType: result.mediaType });
    }
    if (!urls.length && !texts.length) throw new ProviderError(GENERATION_MESSAGES.noContent);
    return { urls, texts };
  }

  private async succeed(row: GenerationRow, model: Model, run: PreparedRun, outputs: { urls: { url: string; mediaType: Exclude<MediaType, "text"> }[]; texts: string[] }) {
    const { db, hub } = this.deps;
    const [first, ...extraMedia] = outputs.urls;
    const [firstText, ...extraTexts] = outputs.texts;
    const contentFor = (media?: { url: string; mediaType: Exclude<MediaType, "text"> }, text?: string): Partial<NodeData> & Record<string, unknown> =>
      media
        ? { mediaUrl: media.url, displayUrl: media.url, permanentMediaUrl: media.url, azureUrl: media.url, contentType: NODE_CONTENT[media.mediaType].contentType, content: "" }
        : { content: text ?? "", contentType: "text", mediaUrl: "", displayUrl: "", permanentMediaUrl: "", azureUrl: "" };
    const data: GenerationData = first ? { [NODE_CONTENT[first.mediaType].field]: first.url, permanentUrl: first.url } : { text: firstText };

    const node = await patchNode(db, hub, row.projectId, row.nodeId, (current) => {
      const versions = [...(current.versionHistory ?? []), { prompt: run.userPrompt, mediaUrl: first?.url, permanentMediaUrl: first?.url, model: model.id, contentType: first ? NODE_CONTENT[first.mediaType].contentType : "text", createdAt: new Date().toISOString(), seed: run.seed }];
      return {
        ...contentFor(first, firstText),
        status: "completed",
        isGenerating: false,
        error: null,
        generationProgress: null,
        versionHistory: versions,
        currentVersionIndex: versions.length - 1,
      };
    });
    const extras = [...extraMedia.map((m) => contentFor(m)), ...extraTexts.map((t) => contentFor(undefined, t))];
    if (node && extras.length) {
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
          // Variation i+2 ran with the seed after the first's (see `run` above).
          versionHistory: [{ prompt: run.userPrompt, mediaUrl: content.mediaUrl as string | undefined, model: model.id, seed: (run.seed + i + 1) % 2 ** 31 }],
          currentVersionIndex: 0,
        })),
      );
    }
    // A storyboard node's image becomes its shot's (issue 14, 2), before the run is reported done; the run
    // succeeds either way.
    if (node && first?.mediaType === "image") await shotImageFromNode(db, row.projectId, row.nodeId, first.url).catch((err: unknown) => console.error("Could not update the storyboarded shot's image", err));
    await this.settleSucceeded(row, data);
  }

  /** The run's status becomes succeeded (unless a cancel won), its hold is captured once, and the chain moves on. */
  private async settleSucceeded(row: GenerationRow, data: Record<string, unknown>) {
    const { db, hub } = this.deps;
    const won = await db
      .update(generations)
      .set({ status: "succeeded", result: data, progress: 100, finishedAt: sql`now()`, error: null })
      .where(and(eq(generations.id, row.id), eq(generations.status, "running")))
      .returning({ id: generations.id });
    // Cancelled at the very end: the cancel already released the hold, and the result is kept as a bonus.
    if (won.length) await captureCredits(db, row.userId, row.id, row.reservedCredits);
    await hub.publish(row.projectId, { type: "generation", generationId: row.id, nodeId: row.nodeId, status: "succeeded", percent: 100 });
    await this.onSettled({ ...row, status: "succeeded" });
  }

  async fail(row: GenerationRow, message: string): Promise<void> {
    const { db, hub } = this.deps;
    const won = await db
      .update(generations)
      .set({ status: message === GENERATION_MESSAGES.cancelled ? "cancelled" : "failed", error: message, finishedAt: sql`now()` })
      .where(and(eq(generations.id, row.id), sql`${generations.status} in ('running', 'queued')`))
      .returning({ status: generations.status });
    if (won.length) await releaseCredits(db, row.userId, row.id, row.reservedCredits);
    else {
      // Someone else settled it first: a cancel (which released the hold itself) or a success.
      const [now] = await db.select({ status: generations.status }).from(generations).where(eq(generations.id, row.id));
      if (now?.status !== "cancelled") return;
    }
    const status = won[0]?.status ?? "cancelled";
    const node = await readNode(db, row.projectId, row.nodeId);
    if (node && node.data.generationId === row.id) {
      const tool = toolIdOfRun(row.modelId);
      // A cancel, and a tool that failed (found no person, a silent clip...), leave the node as it was (issue 31,
      // 4): its picture stays and only the tool's result keeps the error text (spec canvas 9 Tools).
      const asItWas = (current: NodeData) => ({ status: (current.mediaUrl || current.content ? "completed" : "idle") as NodeData["status"], isGenerating: false, generationProgress: null, error: null });
      await patchNode(
        db,
        hub,
        row.projectId,
        row.nodeId,
        (current) =>
          status === "cancelled"
            ? asItWas(current)
            : tool
              ? { ...asItWas(current), toolExecutionResult: { success: false, error: message } }
              : { status: "error", isGenerating: false, generationProgress: null, error: message },
        tool ? TOOL_ORIGIN : undefined,
      );
    }
    await hub.publish(row.projectId, { type: "generation", generationId: row.id, nodeId: row.nodeId, status: status as "failed" | "cancelled", error: message });
    await this.onSettled({ ...row, status });
  }
}

/** What the user sees on the node: provider messages as they are; anything else, the spec's fallback. */
function messageOf(err: unknown): string {
  if (err instanceof ProviderError) return err.message;
  // Our own refusals (a media input the user may not read) carry a message meant for them.
  if (err instanceof HttpError || err instanceof SafeFetchError) return err.message;
  console.error("[generation]", err);
  return GENERATION_MESSAGES.failedRetry;
}
