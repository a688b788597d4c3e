/**
 * "Open it in an editor": the animatic's sequence as OpenTimelineIO, FCPXML and a CMX 3600
 * EDL, in one zip with its media under media/ and relative paths, so an editor relinks nothing by hand.
 * The clips are the animatic's own pieces (planTimeline: the same frame counts it was rendered with);
 * cards, which ffmpeg drew, become stills taken from the rendered film at their middle frame.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import { edlFileName, toEdl } from "../../domain/timeline/edl";
import { toFcpxml } from "../../domain/timeline/fcpxml";
import { toOtio } from "../../domain/timeline/otio";
import { secondsToFrames, type TimelineAudioClip, type TimelineClip, type TimelineSequence } from "../../domain/timeline/sequence";
import { runFfmpeg } from "../generation/local/ffmpeg";
import { durationSeconds, readWav } from "../generation/local/wav";
import { planTimeline, type AnimaticInput } from "./animaticPlan";

const extension = (file: string) => (/^\.[a-z0-9]{1,5}$/i.test(path.extname(file)) ? path.extname(file).toLowerCase() : ".bin");

/** The zip's bytes: timeline.otio, timeline.fcpxml, "<name> <rate>fps.edl" (an EDL cannot state its rate) and media/. */
export async function timelineZip(
  input: AnimaticInput,
  film: string,
  options: { name: string; workDir: string; signal: AbortSignal },
): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  const pieces = planTimeline(input);
  const byId = new Map(input.segments.map((s) => [s.id, s]));
  const clips: TimelineClip[] = [];
  const audio: TimelineAudioClip[] = [];
  for (const [n, piece] of pieces.entries()) {
    const segment = byId.get(piece.segmentId)!;
    const label = piece.kind === "scene card" ? (segment.sceneCard?.title ?? "Scene") : (segment.label ?? `Shot ${n + 1}`);
    const number = String(n + 1).padStart(3, "0");
    let media: TimelineClip["media"];
    if (piece.kind === "still" && segment.visual.kind === "still") {
      media = { path: `media/shot-${number}${extension(segment.visual.path)}`, kind: "still" };
      files[media.path] = await readFile(segment.visual.path);
    } else if (piece.kind === "video" && segment.visual.kind === "video") {
      // The file's probed length is what an editor can trim into. A file shorter than its shot (the
      // animatic holds its last frame) cannot say so in a timeline, so its length is left unknown there.
      const sourceFrames = secondsToFrames(segment.visual.sourceSeconds, input.fps);
      media = {
        path: `media/shot-${number}${extension(segment.visual.path)}`,
        kind: "video",
        ...(sourceFrames >= piece.frames ? { sourceDurationFrames: sourceFrames } : {}),
      };
      files[media.path] = await readFile(segment.visual.path);
    } else {
      // A card: its middle frame, taken from the film.
      const still = path.join(options.workDir, `card-${number}.png`);
      const at = (piece.startSeconds + piece.seconds / 2).toFixed(3);
      await runFfmpeg({
        args: ["-ss", at, "-i", film, "-frames:v", "1", still],
        cwd: options.workDir,
        duration: 0,
        signal: options.signal,
      });
      media = { path: `media/card-${number}.png`, kind: "card" };
      files[media.path] = await readFile(still);
    }
    clips.push({ id: `clip-${number}`, name: label, media, durationFrames: piece.frames, sourceInFrames: 0 });
    if (piece.kind === "scene card") continue;
    for (const [k, line] of segment.dialogue.entries()) {
      const wav = await readFile(line.path);
      const linePath = `media/line-${number}-${k + 1}.wav`;
      files[linePath] = wav;
      const start = Math.round((piece.startSeconds + line.startSeconds) * input.fps);
      const frames = Math.max(
        1,
        Math.min(Math.round(durationSeconds(readWav(wav)) * input.fps), piece.frames - Math.round(line.startSeconds * input.fps)),
      );
      audio.push({
        id: `line-${number}-${k + 1}`,
        name: `${label} · line ${k + 1}`,
        media: { path: linePath },
        startFrames: start,
        durationFrames: frames,
        sourceInFrames: 0,
      });
    }
  }
  const sequence: TimelineSequence = { name: options.name, fps: input.fps, width: input.width, height: input.height, clips, audio };
  const text = (s: string) => new TextEncoder().encode(s);
  const zip: Zippable = {
    "timeline.otio": text(toOtio(sequence)),
    "timeline.fcpxml": text(toFcpxml(sequence)),
    [edlFileName(sequence)]: text(toEdl(sequence)),
    // Media are already compressed: stored, not deflated again.
    ...Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 0 }] as [Uint8Array, { level: 0 }]])),
  };
  return Buffer.from(zipSync(zip, { level: 6 }));
}
