/**
 * Rendering an animatic to an MP4 through the studio's ffmpeg runner. ffmpeg works in a private folder made
 * inside `workDir`: the user's media are linked into it under names we chose and the card and caption text
 * written into it, so no user path or text reaches ffmpeg's command line or filter graph.
 */
import { copyFile, mkdir, mkdtemp, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { runFfmpegLogged } from "../generation/local/ffmpeg";
import { animaticInputSchema, buildAnimaticPlan, FONT_FILE, type AnimaticInput, type AnimaticPlan } from "./animaticPlan";

const FONT = createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
const OUTPUT = "animatic.mp4";

export interface RenderAnimaticOptions {
  /** Where temporary files go: a private folder is made in it and removed afterwards. */
  workDir: string;
  outputPath: string;
  signal: AbortSignal;
  /** 0..1 as ffmpeg encodes; 1 once the file is in place. */
  onProgress?(fraction: number): void;
}

/** The render could not be done: a missing input, or ffmpeg failed (the message ends with its log's tail). */
export class AnimaticRenderError extends Error {
  override name = "AnimaticRenderError";
}

/** A link is enough (ffmpeg follows it); a copy where the file system has no symlinks. */
async function linkInto(source: string, target: string): Promise<void> {
  try {
    await symlink(source, target);
  } catch {
    await copyFile(source, target);
  }
}

async function stage(plan: AnimaticPlan, dir: string): Promise<void> {
  for (const link of plan.links) {
    const source = path.resolve(link.source);
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw new AnimaticRenderError(`the ${link.role} is missing: ${source}`);
    await linkInto(source, path.join(dir, link.name));
  }
  for (const text of plan.texts) await writeFile(path.join(dir, text.name), text.text, "utf8");
  await linkInto(FONT, path.join(dir, FONT_FILE));
}

/** rename, or copy when the output is on another file system (the folder is removed afterwards). */
async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyFile(from, to);
  }
}

/**
 * Renders `input` (validated again here: a ZodError when it is not an AnimaticInput) to `outputPath` as
 * H.264/AAC MP4. Rejects with AnimaticRenderError when an input file is missing or ffmpeg fails, and with the
 * signal's reason once ffmpeg has been killed when the signal aborts.
 */
export async function renderAnimatic(input: AnimaticInput, options: RenderAnimaticOptions): Promise<{ durationSeconds: number }> {
  const { signal, onProgress } = options;
  signal.throwIfAborted();
  const plan = buildAnimaticPlan(animaticInputSchema.parse(input), OUTPUT);
  await mkdir(options.workDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.workDir, "animatic-"));
  try {
    await stage(plan, dir);
    signal.throwIfAborted();
    const run = await runFfmpegLogged(["-loglevel", "error", ...plan.args], dir, signal, plan.durationSeconds, onProgress);
    if (run.code !== 0) {
      const tail = run.log.trim().split("\n").slice(-8).join("\n").slice(-2000);
      throw new AnimaticRenderError(
        `ffmpeg failed (exit ${run.code}) rendering an animatic of ${plan.timeline.length} pieces: ${tail || "no log"}`,
      );
    }
    await moveInto(path.join(dir, OUTPUT), path.resolve(options.outputPath));
    onProgress?.(1);
    return { durationSeconds: plan.durationSeconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
