/**
 * An animatic's render input (validated with zod) and the ffmpeg command that renders it, as a pure
 * function: the argument list, the filter graph, and the files to put in ffmpeg's working directory first
 * (links to the user's media under names we chose, and the text drawtext reads). Every piece is cut to a
 * whole number of frames counted against the nominal running time, so rounding never accumulates and the
 * length is the sum of the segments (plus 1.5 s per scene card) to within half a frame.
 */
import { z } from "zod";
import {
  audioGraph,
  captionFilters,
  cardChain,
  MOVEMENTS,
  SAMPLE_RATE,
  stillChain,
  videoChain,
  type DialogueCue,
  type FrameSpec,
  type TextLine,
} from "./segmentGraph";
import { cleanText, layoutCardTitle, layoutSmallText, type TextBlock } from "./textLayout";

export const SCENE_CARD_SECONDS = 1.5;
/** The name the font must be linked as in the working directory (DejaVu Sans Bold, see renderAnimatic). */
export const FONT_FILE = "font.ttf";

const visualSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("still"), path: z.string().min(1), movement: z.enum(MOVEMENTS) }),
  z.object({ kind: z.literal("video"), path: z.string().min(1), sourceSeconds: z.number().positive().finite() }),
  /** A shot without an image, held as a titled card. */
  z.object({ kind: z.literal("card"), title: z.string().max(500), subtitle: z.string().max(500).optional() }),
]);

const dialogueSchema = z.object({
  /** A WAV (any audio ffmpeg reads works). */
  path: z.string().min(1),
  /** Offset within the segment. */
  startSeconds: z.number().min(0).finite(),
});

export const segmentSchema = z
  .object({
    id: z.string().min(1).max(200),
    /** The shot's name in an editor's timeline ("Shot 3 · Over DANIEL's shoulder…"). */
    label: z.string().max(500).optional(),
    seconds: z.number().min(1.5).max(60),
    visual: visualSchema,
    dialogue: z.array(dialogueSchema).max(100),
    caption: z.string().max(1000).optional(),
    /** An extra 1.5 s card before the segment with the scene heading. */
    sceneCard: z.object({ title: z.string().max(500) }).optional(),
  })
  .refine((s) => s.dialogue.every((d) => d.startSeconds < s.seconds), {
    message: "dialogue must start within its segment",
    path: ["dialogue"],
  });

export const animaticInputSchema = z.object({
  width: z.literal([1280, 1920]),
  height: z.literal([720, 1080]),
  fps: z.literal([24, 25, 30]),
  segments: z.array(segmentSchema).min(1).max(500),
  captions: z.boolean(),
});

export type AnimaticInput = z.infer<typeof animaticInputSchema>;
export type Segment = z.infer<typeof segmentSchema>;
export type SegmentVisual = Segment["visual"];

export interface TimelinePiece {
  segmentId: string;
  kind: "scene card" | SegmentVisual["kind"];
  /** Where the piece starts in the animatic (on a frame boundary). */
  startSeconds: number;
  frames: number;
  seconds: number;
}

/** A file ffmpeg reads, linked into the working directory as `name`. */
export interface LinkedFile {
  name: string;
  source: string;
  /** What it is for, for error messages. */
  role: string;
}

export interface AnimaticPlan {
  /** ffmpeg's arguments (after the runner's own global options), relative to the working directory. */
  args: string[];
  graph: string;
  timeline: TimelinePiece[];
  frames: number;
  durationSeconds: number;
  links: LinkedFile[];
  /** Text files drawtext reads (`textfile=`), written verbatim. */
  texts: { name: string; text: string }[];
}

/** Pieces in order with their frame counts: frame(end) − frame(start) of the nominal times, rounded. */
export function planTimeline(input: Pick<AnimaticInput, "fps" | "segments">): TimelinePiece[] {
  const pieces: TimelinePiece[] = [];
  let nominal = 0;
  const add = (segmentId: string, kind: TimelinePiece["kind"], seconds: number) => {
    const first = Math.round(nominal * input.fps);
    nominal += seconds;
    const frames = Math.round(nominal * input.fps) - first;
    pieces.push({ segmentId, kind, startSeconds: first / input.fps, frames, seconds: frames / input.fps });
  };
  for (const segment of input.segments) {
    if (segment.sceneCard) add(segment.id, "scene card", SCENE_CARD_SECONDS);
    add(segment.id, segment.visual.kind, segment.seconds);
  }
  return pieces;
}

/** The file's extension when it is a plain one (ffmpeg probes content anyway; the extension only helps). */
function extensionOf(file: string, fallback: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(file.split(/[\\/]/).pop() ?? "");
  return m?.[1] ? m[1].toLowerCase() : fallback;
}

/** Lines of a block as text files, from `top` down, `lineHeight` apart. */
function linesAt(block: TextBlock, top: number, lineHeight: number, addText: (text: string) => string): TextLine[] {
  return block.lines.map((text, i) => ({ file: addText(text), fontSize: block.fontSize, y: Math.round(top + i * lineHeight) }));
}

function cardLines(
  title: string,
  subtitle: string | undefined,
  out: FrameSpec,
  addText: (text: string) => string,
): { title: TextLine[]; subtitle: TextLine[] } {
  const main = layoutCardTitle(title, out.width, out.height);
  const sub = subtitle ? layoutSmallText(subtitle, out.width, out.height, 2) : { fontSize: 0, lines: [] };
  const mainStep = Math.round(main.fontSize * 1.25);
  const subStep = Math.round(sub.fontSize * 1.35);
  const gap = sub.lines.length > 0 ? Math.round(sub.fontSize * 0.9) : 0;
  const top = (out.height - (main.lines.length * mainStep + gap + sub.lines.length * subStep)) / 2;
  return {
    title: linesAt(main, top, mainStep, addText),
    subtitle: linesAt(sub, top + main.lines.length * mainStep + gap, subStep, addText),
  };
}

function captionLines(caption: string, out: FrameSpec, addText: (text: string) => string): TextLine[] {
  const block = layoutSmallText(caption, out.width, out.height, 3);
  const step = Math.round(block.fontSize * 1.4);
  const bottom = out.height - Math.round(out.height * 0.07);
  return linesAt(block, bottom - block.lines.length * step, step, addText);
}

/** The ffmpeg command for an animatic written to `output` (a name in the working directory). */
export function buildAnimaticPlan(input: AnimaticInput, output = "out.mp4"): AnimaticPlan {
  const out: FrameSpec = { width: input.width, height: input.height, fps: input.fps };
  const timeline = planTimeline(input);
  const args: string[] = [];
  const links: LinkedFile[] = [];
  const texts: AnimaticPlan["texts"] = [];
  const chains: string[] = [];
  const cues: DialogueCue[] = [];
  const addText = (text: string) => {
    const name = `text-${texts.length}.txt`;
    texts.push({ name, text: cleanText(text) });
    return name;
  };
  const addInput = (prefix: string, source: string, role: string, fallbackExt: string, options: string[]) => {
    const name = `${prefix}-${links.length}.${extensionOf(source, fallbackExt)}`;
    links.push({ name, source, role });
    args.push(...options, "-i", name);
    return links.length - 1;
  };

  let pieceIndex = 0;
  for (const segment of input.segments) {
    if (segment.sceneCard) {
      const piece = timeline[pieceIndex++] as TimelinePiece;
      const lines = cardLines(segment.sceneCard.title, undefined, out, addText);
      chains.push(cardChain(piece.frames, out, FONT_FILE, lines.title, []));
    }
    const piece = timeline[pieceIndex++] as TimelinePiece;
    const visual = segment.visual;
    let chain: string;
    if (visual.kind === "still") {
      // one frame, read at the output rate so its timestamps count frames
      const input = addInput("still", visual.path, `still of segment ${segment.id}`, "png", ["-framerate", String(out.fps)]);
      chain = stillChain(input, visual.movement, piece.frames, out);
    } else if (visual.kind === "video") {
      // only the part that is shown is read
      const input = addInput("clip", visual.path, `video of segment ${segment.id}`, "mp4", ["-t", piece.seconds.toFixed(3)]);
      chain = videoChain(input, piece.frames, out);
    } else {
      const lines = cardLines(visual.title, visual.subtitle, out, addText);
      chain = cardChain(piece.frames, out, FONT_FILE, lines.title, lines.subtitle);
    }
    const caption = input.captions && segment.caption ? cleanText(segment.caption) : "";
    if (caption) chain += captionFilters(captionLines(caption, out, addText), FONT_FILE);
    chains.push(chain);
    for (const line of segment.dialogue) {
      const at = piece.startSeconds + line.startSeconds;
      cues.push({
        input: addInput("voice", line.path, `dialogue of segment ${segment.id}`, "wav", []),
        delaySamples: Math.round(at * SAMPLE_RATE),
      });
    }
  }

  const frames = timeline.reduce((sum, p) => sum + p.frames, 0);
  const totalSamples = (frames * SAMPLE_RATE) / out.fps; // whole: 48 000 divides by 24, 25 and 30
  const graph = [
    ...chains.map((chain, i) => `${chain}[p${i}]`),
    `${chains.map((_, i) => `[p${i}]`).join("")}concat=n=${chains.length}:v=1:a=0,format=yuv420p[vout]`,
    ...audioGraph(cues, totalSamples),
  ].join(";");
  // prettier-ignore
  args.push(
    "-filter_complex",
    graph,
    "-map",
    "[vout]",
    "-map",
    "[aout]",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(out.fps),
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ar",
    String(SAMPLE_RATE),
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    output,
  );
  return { args, graph, timeline, frames, durationSeconds: frames / out.fps, links, texts };
}
