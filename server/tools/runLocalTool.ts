/**
 * The offline tools behind one call: a catalogue id, the node's media, what its connected nodes give, and
 * checked parameters in; one file or one text out. The engines themselves live in ./local (media: ffmpeg,
 * sharp, glTF-Transform; ai: tfjs, Human, tesseract.js).
 */
import type { ParamValue } from "../../domain/generation/parameterRules";
import type { NodeMedia } from "../../domain/tools/toolTypes";
import * as ai from "./local/ai";
import * as media from "./local/media";
import { readAloud } from "./local/text/readAloud";

export interface MediaInput {
  bytes: Buffer;
  contentType: string;
}

export interface ToolInputs {
  /** The node's own media; null when it holds none. */
  node: MediaInput | null;
  /** The node's text (a text node's content). */
  nodeText: string;
  /** What the connected nodes hold, in edge order. */
  connected: { type: NodeMedia; media?: MediaInput; text?: string }[];
}

export type ToolProduct =
  | { kind: "media"; mediaType: "image" | "video" | "audio" | "3d"; file: MediaInput }
  | { kind: "text"; text: string };

export interface LocalToolRun {
  signal: AbortSignal;
  onProgress(fraction: number): void;
}

/** Mistakes the user can fix (the message names the field); anything else is the tool's own failure. */
export const isToolInputError = (err: unknown): err is Error => err instanceof media.ToolInputError;

const png = (bytes: Buffer): ToolProduct => ({ kind: "media", mediaType: "image", file: { bytes, contentType: "image/png" } });
const file = (mediaType: "image" | "video" | "audio" | "3d", f: MediaInput): ToolProduct => ({ kind: "media", mediaType, file: f });

function own(inputs: ToolInputs, what: string): MediaInput {
  if (!inputs.node) throw new media.ToolInputError(`This tool needs ${what} on the node`);
  return inputs.node;
}

type Runner = (inputs: ToolInputs, p: Record<string, ParamValue>, run: LocalToolRun) => Promise<ToolProduct>;

const RUNNERS: Record<string, Runner> = {
  "local/upscale": async (i, p, run) =>
    png(await ai.upscaleImage(own(i, "an image").bytes, { scale: Number(p.scale ?? 2) as ai.UpscaleFactor }, run)),
  "local/remove-background-people": async (i, _p, run) =>
    png(await ai.cutOutPeople(own(i, "an image").bytes, { background: { kind: "transparent" } }, run)),
  "local/replace-background-people": async (i, p, run) => {
    const picture = own(i, "an image").bytes;
    const mode = String(p.background ?? "blur");
    if (mode === "image") {
      const behind = i.connected.find((c) => c.type === "image" && c.media)?.media;
      if (!behind) throw new media.ToolInputError("background_image: connect an image node to use as the background");
      return png(await ai.cutOutPeople(picture, { background: { kind: "image", bytes: behind.bytes } }, run));
    }
    if (mode === "colour")
      return png(await ai.cutOutPeople(picture, { background: { kind: "colour", colour: String(p.colour ?? "#1f2937") } }, run));
    return png(await ai.cutOutPeople(picture, { background: { kind: "blur", radius: Number(p.blur_radius ?? 18) } }, run));
  },
  "local/blur-faces": async (i, p, run) => png(await ai.blurFaces(own(i, "an image").bytes, { strength: Number(p.strength ?? 24) }, run)),
  "local/crop-to-face": async (i, p, run) => {
    const [w, h] = String(p.aspect ?? "1:1")
      .split(":")
      .map(Number);
    return png(await ai.cropToFace(own(i, "an image").bytes, { aspect: w! / h!, margin: Number(p.margin ?? 0.6) }, run));
  },
  "local/read-text": async (i, _p, run) => {
    const text = (await ai.readText(own(i, "an image").bytes, run)).trim();
    return { kind: "text", text: text || "(no text found)" };
  },
  "local/tag-objects": async (i, _p, run) => ({
    kind: "text",
    text: (await ai.tagObjects(own(i, "an image").bytes, run)) || "(no objects found)",
  }),
  "local/crop-aspect": async (i, p, run) =>
    file("image", await media.cropToAspect(own(i, "an image"), { aspectRatio: String(p.aspect_ratio) as media.AspectRatio }, run)),
  "local/adjust-colour": async (i, p, run) =>
    file(
      "image",
      await media.adjustColour(
        own(i, "an image"),
        {
          brightness: Number(p.brightness ?? 1),
          saturation: Number(p.saturation ?? 1),
          contrast: Number(p.contrast ?? 1),
          hue: Number(p.hue ?? 0),
        },
        run,
      ),
    ),
  "local/extract-frame": async (i, p, run) =>
    file("image", await media.extractFrame(own(i, "a video"), { which: p.which === "first" ? "first" : "last" }, run)),
  "local/trim-video": async (i, p, run) =>
    file("video", await media.trimVideo(own(i, "a video"), { start: Number(p.start), end: Number(p.end) }, run)),
  "local/change-speed": async (i, p, run) => file("video", await media.changeSpeed(own(i, "a video"), { factor: Number(p.factor) }, run)),
  "local/reverse-video": async (i, _p, run) => file("video", await media.reverseVideo(own(i, "a video"), run)),
  "local/loop-video": async (i, p, run) => file("video", await media.loopVideo(own(i, "a video"), { times: Number(p.times) }, run)),
  "local/extract-audio": async (i, p, run) =>
    file("audio", await media.extractAudio(own(i, "a video"), { ...run, format: p.format === "m4a" ? "m4a" : "wav" })),
  "local/replace-audio": async (i, _p, run) => {
    const sound = i.connected.find((c) => c.type === "audio" && c.media)?.media;
    if (!sound) throw new media.ToolInputError("audio: connect an audio node to this node first");
    return file("video", await media.replaceAudio(own(i, "a video"), sound, run));
  },
  "local/burn-subtitles": async (i, p, run) => {
    const text = String(p.text ?? "").trim() || i.connected.find((c) => c.type === "text" && c.text?.trim())?.text?.trim() || "";
    if (!text) throw new media.ToolInputError("text: type the subtitle or connect a text node");
    return file("video", await media.burnSubtitles(own(i, "a video"), { text }, run));
  },
  "local/join-videos": async (i, _p, run) => {
    const clips = [...(i.node ? [i.node] : []), ...i.connected.flatMap((c) => (c.type === "video" && c.media ? [c.media] : []))];
    if (clips.length < 2) throw new media.ToolInputError("videos: connect at least one more video node to join");
    return file("video", await media.joinVideos(clips, run));
  },
  "local/watermark": async (i, p, run) => {
    const target = own(i, "an image or a video");
    const options: media.WatermarkOptions = {
      text: String(p.text ?? ""),
      logo: i.connected.find((c) => c.type === "image" && c.media)?.media,
      position: String(p.position ?? "bottom-right") as media.WatermarkPosition,
      opacity: Number(p.opacity ?? 0.6),
      scale: Number(p.scale ?? 0.15),
      margin: Number(p.margin ?? 24),
    };
    return target.contentType.startsWith("video/")
      ? file("video", await media.watermarkVideo(target, options, run))
      : file("image", await media.watermarkImage(target, options, run));
  },
  "local/normalize-loudness": async (i, p, run) =>
    file("audio", await media.normalizeLoudness(own(i, "audio"), { targetLufs: Number(p.target_lufs ?? -23) }, run)),
  "local/trim-silence": async (i, p, run) =>
    file("audio", await media.trimSilence(own(i, "audio"), { thresholdDb: Number(p.threshold_db ?? -40) }, run)),
  "local/fade-audio": async (i, p, run) =>
    file("audio", await media.fadeAudio(own(i, "audio"), { fadeIn: Number(p.fade_in ?? 0), fadeOut: Number(p.fade_out ?? 0) }, run)),
  "local/compress-model": async (i, _p, run) => file("3d", await media.compressModel(own(i, "a 3D model"), run)),
  "local/read-aloud": async (i, p, run) =>
    file("audio", await readAloud(i.nodeText, { voice: String(p.voice ?? "slt"), speed: Number(p.speed ?? 1) }, run)),
};

export function runLocalTool(
  toolId: string,
  inputs: ToolInputs,
  params: Record<string, ParamValue>,
  run: LocalToolRun,
): Promise<ToolProduct> {
  const runner = RUNNERS[toolId];
  if (!runner) throw new Error(`No local engine for tool ${toolId}`);
  return runner(inputs, params, run);
}
