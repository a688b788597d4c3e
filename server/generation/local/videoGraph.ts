/**
 * ffmpeg filter graphs for Local Video, as pure functions of sizes and times (the 2018 static build has
 * no xfade, so crossfades are alpha fades overlaid on a black base). Expressions are single-quoted (their
 * commas stay inside), and no user text ever enters a graph: titles go through `textfile=`, and files are
 * named by us relative to ffmpeg's working directory, so no path needs escaping.
 */
import type { LOCAL_CAMERA_MOVES } from "../../../domain/generation/catalogueLocal";

export type CameraMove = (typeof LOCAL_CAMERA_MOVES)[number];

export const VIDEO_RESOLUTIONS = ["360p", "480p", "720p", "1080p"] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
export const VIDEO_RATIOS = ["16:9", "9:16", "1:1"] as const;
export type VideoRatio = (typeof VIDEO_RATIOS)[number];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The short side is the resolution's number: 720p 16:9 → 1280×720, 9:16 → 720×1280, 1:1 → 720×720. */
export function videoSize(ratio: VideoRatio, resolution: VideoResolution): { width: number; height: number } {
  const short = Number.parseInt(resolution, 10);
  if (ratio === "1:1") return { width: short, height: short };
  const long = even((short * 16) / 9);
  return ratio === "16:9" ? { width: long, height: short } : { width: short, height: long };
}

/** How much larger than the frame a source picture is prepared, so zooms and pans never upscale. */
export function overscanFor(move: CameraMove, width: number, height: number): number {
  if (move === "static") return 1;
  return width * height <= 1280 * 720 ? 2 : 1.5;
}

/** Zoom reached by a dolly, and held during pans and crane moves (room to travel). */
const DOLLY_ZOOM = 0.3;
const PAN_ZOOM = 1.25;

/**
 * zoompan over one still for `frames` frames: z, x, y expressions of the output frame number `on`, eased
 * in and out so the camera starts and stops gently.
 */
export function zoompanFilter(move: CameraMove, frames: number, width: number, height: number, fps: number): string {
  const last = Math.max(1, frames - 1);
  const ease = `(1-cos(PI*on/${last}))/2`;
  const centreX = "iw/2-iw/zoom/2";
  const centreY = "ih/2-ih/zoom/2";
  const roomX = "(iw-iw/zoom)";
  const roomY = "(ih-ih/zoom)";
  const [z, x, y] = ((): [string, string, string] => {
    switch (move) {
      case "static":
        return ["1", "0", "0"];
      case "dolly-in":
        return [`1+${DOLLY_ZOOM}*${ease}`, centreX, centreY];
      case "dolly-out":
        return [`1+${DOLLY_ZOOM}*(1-${ease})`, centreX, centreY];
      // The camera moving left shows what is to the left: the window slides towards x = 0.
      case "truck-left":
        return [`${PAN_ZOOM}`, `${roomX}*(1-${ease})`, centreY];
      case "truck-right":
        return [`${PAN_ZOOM}`, `${roomX}*${ease}`, centreY];
      // Craning up reveals what is above: the window slides towards y = 0.
      case "crane-up":
        return [`${PAN_ZOOM}`, centreX, `${roomY}*(1-${ease})`];
      case "crane-down":
        return [`${PAN_ZOOM}`, centreX, `${roomY}*${ease}`];
    }
  })();
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${width}x${height}:fps=${fps}`;
}

export interface Timeline {
  /** Per picture: when it starts (seconds) and how many frames it lasts. */
  clips: { start: number; frames: number }[];
  /** The crossfade actually used, shortened when the pictures are many and the video short. */
  crossfade: number;
}

/**
 * n pictures over `duration` seconds: each lasts `seg` and overlaps the next by the crossfade, so
 * n·seg − (n−1)·cf = duration. The crossfade is capped at duration/(n+1) so that a picture is never still
 * fading in when the next starts.
 */
export function crossfadeTimeline(n: number, duration: number, crossfade: number, fps: number): Timeline {
  const cf = n > 1 ? Math.min(crossfade, duration / (n + 1)) : 0;
  const seg = (duration + (n - 1) * cf) / n;
  const clips = Array.from({ length: n }, (_, i) => ({
    start: Math.round(i * (seg - cf) * 1000) / 1000,
    // one extra frame so consecutive clips always overlap after rounding
    frames: Math.ceil(seg * fps) + 1,
  }));
  return { clips, crossfade: cf };
}

/** A sequence graph: inputs 0..n-1 are stills; output label [out]. One picture is just its camera move. */
export function sequenceGraph(opts: {
  move: CameraMove;
  width: number;
  height: number;
  fps: number;
  duration: number;
  crossfade: number;
  count: number;
}): string {
  const { move, width, height, fps, duration, count } = opts;
  if (count === 1) {
    const frames = Math.round(duration * fps);
    return `[0:v]format=yuv420p,${zoompanFilter(move, frames, width, height, fps)},setsar=1,format=yuv420p[out]`;
  }
  const { clips, crossfade } = crossfadeTimeline(count, duration, opts.crossfade, fps);
  const parts = [`color=c=black:s=${width}x${height}:r=${fps}:d=${duration}[base]`];
  clips.forEach(({ start, frames }, i) => {
    const fade = i > 0 ? `,fade=t=in:st=0:d=${crossfade.toFixed(3)}:alpha=1` : "";
    parts.push(
      `[${i}:v]format=yuv420p,${zoompanFilter(move, frames, width, height, fps)},setsar=1,format=yuva420p${fade},setpts=PTS-STARTPTS+${start}/TB[v${i}]`,
    );
  });
  let previous = "base";
  clips.forEach((_, i) => {
    const label = i === clips.length - 1 ? "seq" : `o${i}`;
    parts.push(`[${previous}][v${i}]overlay=eof_action=pass[${label}]`);
    previous = label;
  });
  parts.push("[seq]format=yuv420p[out]");
  return parts.join(";");
}

export interface TitleLine {
  /** File name (relative to ffmpeg's working directory) holding this line's text. */
  file: string;
  y: number;
}

/** A title card: the background still with its camera move, each line centred, fading in and out. */
export function titleGraph(opts: {
  move: CameraMove;
  width: number;
  height: number;
  fps: number;
  duration: number;
  fontFile: string;
  fontSize: number;
  lines: TitleLine[];
}): string {
  const { move, width, height, fps, duration, fontFile, fontSize, lines } = opts;
  const frames = Math.round(duration * fps);
  const fade = Math.min(0.6, duration / 4);
  const alpha = `if(lt(t,${fade}),t/${fade},if(gt(t,${duration - fade}),(${duration}-t)/${fade},1))`;
  const shadow = Math.max(1, Math.round(fontSize / 18));
  const draws = lines.map(
    (line) =>
      `drawtext=fontfile=${fontFile}:textfile=${line.file}:expansion=none:fontcolor=white:fontsize=${fontSize}:x=(w-text_w)/2:y=${line.y}:alpha='${alpha}':shadowcolor=black@0.55:shadowx=${shadow}:shadowy=${shadow}`,
  );
  return [`[0:v]format=yuv420p,${zoompanFilter(move, frames, width, height, fps)}`, "setsar=1", ...draws, "format=yuv420p[out]"].join(",");
}
