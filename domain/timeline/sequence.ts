import { z } from "zod";

/**
 * An animatic as an editor receives it: shots held end to end on one video track, dialogue on one audio
 * track. Every writer in this folder (OTIO, FCPXML, EDL) reads this one model, so the three files agree.
 */

/**
 * Media sit next to the timeline file in the export zip. A path is plain relative segments of URL-safe
 * characters: nothing can climb out of the zip ("..", a leading "/", a drive or scheme), and no writer has
 * to percent-encode it, so the same string is an OTIO target_url, an FCPXML src and an EDL comment.
 */
const MEDIA_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** EDL timecode stops at 23:59:59:FF; a longer timeline could not be written as one. */
const MAX_TIMELINE_SECONDS = 24 * 60 * 60;
/** NTSC rates only exist for these nominal rates (23.976, 29.97, 47.952, 59.94). */
const NTSC_BASES = [24, 30, 48, 60] as const;

const frameCount = (min: number, field: string) =>
  z
    .number()
    .int(`${field} must be a whole number of frames`)
    .min(min, `${field} must be at least ${min}`)
    .max(MAX_TIMELINE_SECONDS * 120, `${field} is too long`);

export const mediaPathSchema = z
  .string()
  .max(255, "A media path must be at most 255 characters")
  .regex(MEDIA_PATH, "A media path is relative, with segments of letters, digits, '.', '_' or '-' (no '..')");

const idSchema = z.string().min(1, "An id is required").max(100, "An id must be at most 100 characters");
const nameSchema = z.string().min(1, "A name is required").max(500, "A name must be at most 500 characters");

export const timelineClipSchema = z
  .strictObject({
    id: idSchema,
    /** The shot label, e.g. "1A – WIDE – INT. KITCHEN". */
    name: nameSchema,
    media: z.strictObject({
      path: mediaPathSchema,
      /** "card" is a generated title card: a still, as far as an editor is concerned. */
      kind: z.enum(["still", "video", "card"]),
      /** Length of a video file, when known; NLEs show it as the clip's available media. */
      sourceDurationFrames: frameCount(1, "sourceDurationFrames").optional(),
    }),
    durationFrames: frameCount(1, "durationFrames"),
    /** First frame used from a video file; a still has no time of its own, so 0. */
    sourceInFrames: frameCount(0, "sourceInFrames"),
  })
  .superRefine((clip, ctx) => {
    const { kind, sourceDurationFrames } = clip.media;
    if (kind !== "video" && clip.sourceInFrames !== 0) {
      ctx.addIssue({ code: "custom", path: ["sourceInFrames"], message: "A still or card starts at frame 0" });
    }
    if (kind !== "video" && sourceDurationFrames !== undefined) {
      ctx.addIssue({ code: "custom", path: ["media", "sourceDurationFrames"], message: "Only a video file has a duration" });
    }
    if (sourceDurationFrames !== undefined && clip.sourceInFrames + clip.durationFrames > sourceDurationFrames) {
      ctx.addIssue({ code: "custom", path: ["durationFrames"], message: "The clip runs past the end of its video file" });
    }
  });

export const timelineAudioClipSchema = z.strictObject({
  id: idSchema,
  name: nameSchema,
  media: z.strictObject({ path: mediaPathSchema }),
  /** Record time: where the clip starts on the timeline. */
  startFrames: frameCount(0, "startFrames"),
  durationFrames: frameCount(1, "durationFrames"),
  sourceInFrames: frameCount(0, "sourceInFrames"),
});

export const timelineSequenceSchema = z
  .strictObject({
    name: nameSchema,
    /** Nominal integer rate; with `ntsc` the real rate is fps × 1000/1001 (24 → 23.976). */
    fps: z.number().int("fps must be a whole number").min(1).max(120),
    ntsc: z.boolean().optional(),
    width: z.number().int().min(16).max(16384),
    height: z.number().int().min(16).max(16384),
    clips: z.array(timelineClipSchema).min(1, "A timeline needs at least one shot").max(5000),
    audio: z.array(timelineAudioClipSchema).max(5000),
  })
  .superRefine((seq, ctx) => {
    if (seq.ntsc && !(NTSC_BASES as readonly number[]).includes(seq.fps)) {
      ctx.addIssue({ code: "custom", path: ["ntsc"], message: `NTSC rates exist for ${NTSC_BASES.join(", ")} fps only` });
    }
    const ids = new Set<string>();
    for (const item of [...seq.clips, ...seq.audio]) {
      if (ids.has(item.id)) ctx.addIssue({ code: "custom", message: `Duplicate id: ${item.id}` });
      ids.add(item.id);
    }
    // A file is one asset in an NLE: it cannot be a still in one shot and a video (or a sound) in another.
    const uses: [string, "still" | "video" | "audio"][] = [
      ...seq.clips.map((c): [string, "still" | "video"] => [c.media.path, c.media.kind === "video" ? "video" : "still"]),
      ...seq.audio.map((a): [string, "audio"] => [a.media.path, "audio"]),
    ];
    const kinds = new Map<string, string>();
    for (const [path, kind] of uses) {
      const known = kinds.get(path) ?? kind;
      if (known !== kind && (known === "still" || kind === "still")) {
        ctx.addIssue({ code: "custom", message: `${path} is used both as a still and as ${kind === "still" ? known : kind}` });
      }
      kinds.set(path, known);
    }
    // One audio track: two clips at the same record time cannot both play on it (an EDL reader refuses it).
    const audio = [...seq.audio].sort((a, b) => a.startFrames - b.startFrames);
    for (let i = 1; i < audio.length; i++) {
      const before = audio[i - 1]!;
      if (before.startFrames + before.durationFrames > audio[i]!.startFrames) {
        ctx.addIssue({ code: "custom", path: ["audio"], message: `Audio clips overlap: ${before.id} and ${audio[i]!.id}` });
      }
    }
    if (timelineDurationFrames(seq) >= MAX_TIMELINE_SECONDS * seq.fps) {
      ctx.addIssue({ code: "custom", message: "A timeline must be shorter than 24 hours" });
    }
  });

export type TimelineSequence = z.infer<typeof timelineSequenceSchema>;
export type TimelineClip = z.infer<typeof timelineClipSchema>;
export type TimelineAudioClip = z.infer<typeof timelineAudioClipSchema>;

/** The real frames per second: 24 with ntsc is 24000/1001 ≈ 23.976. */
export function framesPerSecond(seq: Pick<TimelineSequence, "fps" | "ntsc">): number {
  return seq.ntsc ? (seq.fps * 1000) / 1001 : seq.fps;
}

/** A held duration in frames: rounded to the nearest frame, and never 0 (a 0-frame shot would vanish). */
export function secondsToFrames(seconds: number, fps: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`Invalid duration: ${seconds}s`);
  if (!Number.isFinite(fps) || fps <= 0) throw new RangeError(`Invalid frame rate: ${fps}`);
  return Math.max(1, Math.round(seconds * fps));
}

/** The end of whichever track runs longer: the shots laid end to end, or the last audio clip. */
export function timelineDurationFrames(seq: Pick<TimelineSequence, "clips" | "audio">): number {
  const video = seq.clips.reduce((sum, clip) => sum + clip.durationFrames, 0);
  const audio = seq.audio.reduce((end, clip) => Math.max(end, clip.startFrames + clip.durationFrames), 0);
  return Math.max(video, audio);
}

/** The file's own name ("media/shot-003.png" → "shot-003.png"): what an NLE names the media it imports. */
export function mediaFileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
