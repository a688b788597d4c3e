/**
 * Make animatic as a run of its own kind on the run engine (server/runs). Starting one puts a video node on the
 * canvas (through the canvas's one writer) showing the run's progress, and queues a run (kind `animatic`, model
 * `local/animatic`; credits only for ElevenLabs voices on the studio's key, held and settled by the queue)
 * whose request names the shot list: so the render waits its turn behind the
 * user's other runs, can be cancelled from the Queue panel, and is rendered again from the saved shot list
 * if the studio restarts mid-render. The kind's `execute` is `runAnimatic`, which reads the shots as
 * they are then, voices the lines, renders, stores the MP4 and the editors' timeline as project media and
 * puts the MP4 on the node.
 */
import { nodeAdded, nodeRemoved } from "../../domain/canvas/changes";
import { and, eq } from "drizzle-orm";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  ANIMATIC_MESSAGES,
  ANIMATIC_RUN_MODEL,
  ANIMATIC_RUN_NAME,
  ANIMATIC_WAITING_STEP,
  animaticStep,
  type AnimaticJob,
  type ANIMATIC_SIZES,
} from "../../domain/animatic/api";
import { newNodeId } from "../../domain/canvas/placement";
import { isActiveGeneration, GENERATION_MESSAGES } from "../../domain/generation/api";
import { shotNodePosition } from "../../domain/shotlists/canvasNode";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { linkedScript } from "../breakdown/breakdownService";
import type { Db } from "../db/client";
import { generations } from "../db/schema";
import type { GenerationDeps } from "../generation/deps";
import { ProviderError } from "../generation/engine";
import type { GenerationEngine } from "../generation/deps";
import type { QueuedRun, RunContext, RunKind } from "../runs/kind";
import { patchNode } from "../runs/nodeWriter";
import { keepRunFile } from "../runs/output";
import { RUN_KIND_IDS } from "../runs/registry";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, loadCanvas } from "../services/canvasService";
import { findShotList } from "../shotlists/shotListService";
import { renderAnimatic } from "./renderAnimatic";
import { shotListAnimaticInput } from "./shotListAnimatic";
import { timelineZip } from "./timelineExport";
import { elevenLabsSpeaker } from "./animaticVoices";
import type { AnimaticVoiceSource } from "../../domain/animatic/voices";

/** What an animatic run keeps in its generation row: enough to render it again from the saved shot list. */
export interface AnimaticRunRequest {
  shotListId: string;
  /** One scene; the whole list when absent. */
  sceneId?: string;
  size: keyof typeof ANIMATIC_SIZES;
  captions: boolean;
  sceneCards: boolean;
  /** Absent in runs queued before ElevenLabs voices existed: local. */
  voices?: AnimaticVoiceSource;
  title: string;
}

/** What a finished run stores as its result (and GET /api/animatics/:id returns). */
interface AnimaticResult {
  url: string;
  timelineUrl: string;
  durationSeconds: number;
}

export interface AnimaticStartDeps {
  db: Db;
  hub: RealtimeHub;
  generation: GenerationEngine;
}

/** What an animatic run keeps in its row's `request`. */
type PreparedAnimatic = QueuedRun & { animatic: AnimaticRunRequest };

/**
 * The animatic run kind: a run the server composes itself (its request names the shot list it renders) on
 * a node the caller has just made, with the same hold, queue, limits, cancel, recovery and Queue panel as
 * any run.
 */
export const animaticRunKind: RunKind<
  GenerationDeps,
  { request: AnimaticRunRequest; voices: { credits: number; ownKey: boolean } },
  PreparedAnimatic
> = {
  id: RUN_KIND_IDS.animatic,
  onCanvas: true,
  waitingMessage: ANIMATIC_WAITING_STEP,
  prepare: async (_ctx, { request, voices }) => ({
    modelId: ANIMATIC_RUN_MODEL,
    credits: voices.credits,
    ownKey: voices.ownKey,
    inputHash: "",
    animatic: request,
  }),
  execute: async (ctx) => ({ data: { ...(await runAnimatic(ctx)) } }),
  describe: (_row, nodeTitle) => ({ title: (nodeTitle ?? "Untitled") || "Untitled", modelName: ANIMATIC_RUN_NAME }),
};

/** Puts the animatic's node on the canvas and queues its render; a refused run (too many waiting) leaves no node behind. */
export async function startAnimatic(
  deps: AnimaticStartDeps,
  input: { userId: string; projectId: string; request: AnimaticRunRequest; voices: { credits: number; ownKey: boolean } },
): Promise<AnimaticJob> {
  const { db, hub } = deps;
  const { userId, projectId, request } = input;
  const canvas = await loadCanvas(db, projectId);
  const node = {
    id: newNodeId(),
    type: "generic_v2",
    position: shotNodePosition(canvas.nodes.map((n) => n.position)),
    data: { title: request.title, contentType: "video" as const, status: "idle" as const, lastModified: Date.now(), rev: 1 },
  };
  const actor = { source: "user", actor: { userId } } as const;
  await applyChanges(db, hub, projectId, [nodeAdded(node)], actor);
  let id: string;
  try {
    id = await deps.generation.start(animaticRunKind, { userId, projectId, nodeId: node.id }, { request, voices: input.voices });
  } catch (err) {
    await applyChanges(db, hub, projectId, [nodeRemoved(node.id)], actor);
    throw err;
  }
  return (await findAnimaticJob(db, id))!;
}

/** The run as the Make animatic dialog follows it, or null when there is no animatic by that id. */
export async function findAnimaticJob(db: Db, id: string): Promise<(AnimaticJob & { projectId: string }) | null> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.modelId, ANIMATIC_RUN_MODEL)))
    .limit(1);
  if (!row) return null;
  const base = { id: row.id, projectId: row.projectId, nodeId: row.nodeId };
  if (row.status === "succeeded") return { ...base, status: "done", progress: 1, step: "Done", ...(row.result as AnimaticResult) };
  if (isActiveGeneration(row.status)) {
    const running = row.status === "running";
    return {
      ...base,
      status: "running",
      progress: running ? row.progress / 100 : 0,
      step: running ? animaticStep(row.progress) : ANIMATIC_WAITING_STEP,
    };
  }
  return {
    ...base,
    status: "failed",
    progress: row.progress / 100,
    step: row.status === "cancelled" ? "Cancelled" : "Failed",
    error: row.error ?? GENERATION_MESSAGES.failedRetry,
  };
}

/** The runner's job for an animatic row: render from the shot list as it is now, and put the MP4 on the node. */
async function runAnimatic(job: RunContext<GenerationDeps, PreparedAnimatic>): Promise<AnimaticResult> {
  const { deps, row, signal } = job;
  const request = job.request.animatic;
  const list = await findShotList(deps.db, request.shotListId).catch(() => null);
  if (!list || list.projectId !== row.projectId) throw new ProviderError(ANIMATIC_MESSAGES.listGone);
  const scenes = request.sceneId ? list.scenes.filter((s) => s.id === request.sceneId) : list.scenes;
  if (!scenes.length) throw new ProviderError(request.sceneId ? SHOT_LIST_MESSAGES.sceneNotFound : ANIMATIC_MESSAGES.noShots);
  const script = await linkedScript(deps.db, list.scriptId);
  const step = (percent: number) => job.progress(percent, animaticStep(percent));
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-animatic-"));
  try {
    step(0);
    const source = {
      projectId: row.projectId,
      scenes,
      elements: script?.elements ?? [],
      size: request.size,
      captions: request.captions,
      sceneCards: request.sceneCards,
    };
    const speak = request.voices === "elevenlabs" ? await elevenLabsSpeaker(deps, row.userId) : undefined;
    const render = await shotListAnimaticInput(source, { ...deps, workDir, signal, speak, onProgress: (f) => step(30 * f) });
    const output = path.join(workDir, "animatic.mp4");
    const { durationSeconds } = await renderAnimatic(render, { workDir, outputPath: output, signal, onProgress: (f) => step(30 + 60 * f) });
    step(90);
    const zip = await timelineZip(render, output, { name: request.title, workDir, signal });
    step(97);
    const owner = { projectId: row.projectId, userId: row.userId };
    const url = await keepRunFile(deps, owner, await readFile(output), { ext: "mp4", contentType: "video/mp4" }, `${request.title}.mp4`);
    const timelineUrl = await keepRunFile(
      deps,
      owner,
      zip,
      { ext: "zip", contentType: "application/zip" },
      `${request.title} timeline.zip`,
    );
    await patchNode(deps.db, deps.hub, row.projectId, row.nodeId, () => ({
      contentType: "video",
      mediaUrl: url,
      displayUrl: url,
      permanentMediaUrl: url,
      status: "completed",
      isGenerating: false,
      error: null,
      generationProgress: null,
      lastModified: Date.now(),
    }));
    return { url, timelineUrl, durationSeconds };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
