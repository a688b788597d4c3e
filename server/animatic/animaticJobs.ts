/**
 * Animatic jobs (issue 14, 3): reading the shots and voicing their lines, then rendering, with progress the
 * browser polls; the MP4 becomes project media and a video node on the canvas (so it is an asset of the
 * project, put there through the canvas's one writer). Renders run one at a time per studio process: ffmpeg
 * already uses every core. Jobs live in memory for an hour: a studio restarted mid-render loses that render
 * (the shots and script it is made from are all saved), and the user starts it again.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AnimaticJob } from "../../domain/animatic/api";
import { newNodeId } from "../../domain/canvas/placement";
import { shotNodePosition } from "../../domain/shotlists/canvasNode";
import type { Db } from "../db/client";
import { keepRunFile } from "../generation/runOutput";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, loadCanvas } from "../services/canvasService";
import type { MediaStorage } from "../storage/storage";
import { renderAnimatic } from "./renderAnimatic";
import { shotListAnimaticInput, type ShotListAnimaticSource } from "./shotListAnimatic";
import { timelineZip } from "./timelineExport";

export interface AnimaticDeps {
  db: Db;
  storage: MediaStorage;
  hub: RealtimeHub;
}

interface JobRecord extends AnimaticJob {
  projectId: string;
  userId: string;
  finishedAt?: number;
}

const KEEP_MS = 60 * 60_000;
const jobs = new Map<string, JobRecord>();
let queue: Promise<unknown> = Promise.resolve();

function forgetOld(now = Date.now()) {
  for (const [id, job] of jobs) if (job.finishedAt && now - job.finishedAt > KEEP_MS) jobs.delete(id);
}

export function findAnimaticJob(id: string): (AnimaticJob & { projectId: string }) | null {
  forgetOld();
  const job = jobs.get(id);
  if (!job) return null;
  const { userId: _u, finishedAt: _f, ...shown } = job;
  return shown;
}

export function startAnimaticJob(deps: AnimaticDeps, input: { source: ShotListAnimaticSource; userId: string; title: string }): AnimaticJob {
  const job: JobRecord = { id: randomUUID(), status: "running", progress: 0, step: "Waiting for the render before it", projectId: input.source.projectId, userId: input.userId };
  jobs.set(job.id, job);
  queue = queue.then(() => run(deps, job, input)).catch(() => {});
  return findAnimaticJob(job.id)!;
}

async function run(deps: AnimaticDeps, job: JobRecord, input: { source: ShotListAnimaticSource; userId: string; title: string }) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-animatic-"));
  const signal = new AbortController().signal;
  try {
    job.step = "Reading the shots and recording the voices";
    const render = await shotListAnimaticInput(input.source, { ...deps, workDir, signal, onProgress: (f) => (job.progress = 0.3 * f) });
    job.step = "Rendering";
    const output = path.join(workDir, "animatic.mp4");
    const { durationSeconds } = await renderAnimatic(render, { workDir, outputPath: output, signal, onProgress: (f) => (job.progress = 0.3 + 0.6 * f) });
    job.step = "Writing the timeline for editors";
    const zip = await timelineZip(render, output, { name: input.title, workDir, signal });
    job.progress = 0.97;
    job.step = "Saving";
    const owner = { projectId: job.projectId, userId: job.userId };
    const url = await keepRunFile(deps, owner, await readFile(output), { ext: "mp4", contentType: "video/mp4" }, `${input.title}.mp4`);
    const timelineUrl = await keepRunFile(deps, owner, zip, { ext: "zip", contentType: "application/zip" }, `${input.title} timeline.zip`);
    const canvas = await loadCanvas(deps.db, job.projectId);
    const node = {
      id: newNodeId(),
      type: "generic_v2",
      position: shotNodePosition(canvas.nodes.map((n) => n.position)),
      data: { title: input.title, contentType: "video" as const, mediaUrl: url, displayUrl: url, permanentMediaUrl: url, status: "completed" as const, lastModified: Date.now(), rev: 1 },
    };
    await applyChanges(deps.db, deps.hub, job.projectId, [{ type: "node-added", node }], { source: "user", actor: { userId: job.userId } });
    Object.assign(job, { status: "done", progress: 1, step: "Done", url, timelineUrl, nodeId: node.id, durationSeconds });
  } catch (err) {
    Object.assign(job, { status: "failed", step: "Failed", error: err instanceof Error ? err.message : String(err) });
  } finally {
    job.finishedAt = Date.now();
    await rm(workDir, { recursive: true, force: true });
  }
}
