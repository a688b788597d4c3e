/**
 * The filter chains of an animatic, one per piece of the timeline, as pure functions of sizes and frame
 * counts. No user text and no user path ever enters a graph: text is drawn from text files and media is
 * read from links, both named by us relative to ffmpeg's working directory. Expressions are single-quoted
 * so their own punctuation stays inside.
 */

export const MOVEMENTS = ["static", "push in", "pull out", "pan left", "pan right", "tilt up", "tilt down"] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** How far a move travels: push in ends on 1/1.15 of the picture; pans and tilts cross a 1.15× frame. */
const TRAVEL = 0.15;
export const MOVE_ZOOM = 1 + TRAVEL;
/** Audio is mixed at one rate, which divides every frame duration exactly (24, 25, 30 fps). */
export const SAMPLE_RATE = 48_000;

export interface FrameSpec {
  width: number;
  height: number;
  fps: number;
}

/** One line of text to draw: `file` holds the text; `y` is its top. */
export interface TextLine {
  file: string;
  fontSize: number;
  y: number;
}

const CARD_BACKGROUND = "0x15171c";
const SUBTITLE_COLOUR = "0xb9bec8";

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Scaled to fit inside w×h and centred on black bars: never cropped, so the framing is the artist's. */
export function fitTo(width: number, height: number): string {
  return `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;
}

/** A centred line of white (or `colour`) text; captions get a translucent box so they read over any picture. */
export function drawLine(line: TextLine, fontFile: string, options: { colour?: string; box?: boolean } = {}): string {
  const box = options.box ? `:box=1:boxcolor=black@0.6:boxborderw=${Math.max(4, Math.round(line.fontSize / 4))}` : "";
  const shadow = Math.max(1, Math.round(line.fontSize / 18));
  return `drawtext=fontfile=${fontFile}:textfile=${line.file}:expansion=none:fontcolor=${options.colour ?? "white"}:fontsize=${line.fontSize}:x=(w-text_w)/2:y=${line.y}:shadowcolor=black@0.5:shadowx=${shadow}:shadowy=${shadow}${box}`;
}

/**
 * Every piece ends the same way: exactly `frames` frames, timestamps from zero. Pieces already come at the
 * output rate (stills are read at it, zoompan and color make it); an fps filter here would drop the last
 * frame at the end of zoompan's output in this ffmpeg, so only video clips go through one (before tpad).
 */
function hold(frames: number): string {
  return `trim=end_frame=${frames},setpts=PTS-STARTPTS`;
}

/**
 * A still (input `input`, a single decoded frame) held for `frames` frames. It is decoded and scaled once and
 * repeated with `loop` (a looped image input would decode and scale it again for every frame); pans and tilts
 * crop a window moving across the 1.15× picture, push/pull zoom with zoompan between 1 and 1.15.
 */
export function stillChain(input: number, movement: Movement, frames: number, out: FrameSpec): string {
  const { width: w, height: h, fps } = out;
  const last = Math.max(1, frames - 1);
  const bigW = even(w * MOVE_ZOOM);
  const bigH = even(h * MOVE_ZOOM);
  const repeat = `loop=loop=${frames - 1}:size=1:start=0,setpts=N/(${fps}*TB)`;
  const crop = (x: string, y: string) => `${fitTo(bigW, bigH)},format=yuv420p,${repeat},crop=${w}:${h}:x='${x}':y='${y}'`;
  const zoom = (z: string) =>
    `${fitTo(bigW, bigH)},format=yuv420p,zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=${frames}:s=${w}x${h}:fps=${fps},setsar=1`;
  const p = (v: string) => `${v}/${last}`; // 0 → 1 over the shot, linear: a cut from a steady camera move
  const body = ((): string => {
    switch (movement) {
      case "static":
        return `${fitTo(w, h)},format=yuv420p,${repeat}`;
      case "push in":
        return zoom(`1+${TRAVEL}*${p("on")}`);
      case "pull out":
        return zoom(`${MOVE_ZOOM}-${TRAVEL}*${p("on")}`);
      // Panning left shows what is to the left: the window slides towards x = 0.
      case "pan left":
        return crop(`(iw-ow)*(1-${p("n")})`, "(ih-oh)/2");
      case "pan right":
        return crop(`(iw-ow)*${p("n")}`, "(ih-oh)/2");
      // Tilting up shows what is above: the window slides towards y = 0.
      case "tilt up":
        return crop("(iw-ow)/2", `(ih-oh)*(1-${p("n")})`);
      case "tilt down":
        return crop("(iw-ow)/2", `(ih-oh)*${p("n")}`);
    }
  })();
  return `[${input}:v]${body},${hold(frames)}`;
}

/**
 * A video clip (input `input`, already cut to the segment's length with -t) fitted to the frame; when it is
 * shorter than the segment its last frame is held (tpad clone) — always added, since a declared source length
 * may be wrong, and trim then cuts to the exact frame count.
 */
export function videoChain(input: number, frames: number, out: FrameSpec): string {
  const seconds = (frames / out.fps).toFixed(3);
  return `[${input}:v]setpts=PTS-STARTPTS,fps=${out.fps},${fitTo(out.width, out.height)},format=yuv420p,tpad=stop_mode=clone:stop_duration=${seconds},${hold(frames)}`;
}

/** A titled card: a dark frame with the title in white and the subtitle in grey under it. */
export function cardChain(frames: number, out: FrameSpec, fontFile: string, title: TextLine[], subtitle: TextLine[]): string {
  const draws = [...title.map((l) => drawLine(l, fontFile)), ...subtitle.map((l) => drawLine(l, fontFile, { colour: SUBTITLE_COLOUR }))];
  const source = `color=c=${CARD_BACKGROUND}:s=${out.width}x${out.height}:r=${out.fps},trim=end_frame=${frames},format=yuv420p,setsar=1`;
  return [source, ...draws, hold(frames)].join(",");
}

/** Burned-in caption lines, appended to a piece's chain. */
export function captionFilters(lines: TextLine[], fontFile: string): string {
  return lines.map((l) => `,${drawLine(l, fontFile, { box: true })}`).join("");
}

export interface DialogueCue {
  input: number;
  /** Where the line starts in the animatic, in samples at SAMPLE_RATE. */
  delaySamples: number;
}

/**
 * The sound track: a silent bed exactly `totalSamples` long (so the track exists without dialogue), each line
 * delayed to its start and padded/cut to the same length. This amix has no normalize option (it divides
 * by the number of inputs), and all inputs last equally long, so a constant volume=n restores unity gain.
 */
export function audioGraph(cues: readonly DialogueCue[], totalSamples: number): string[] {
  const bed = `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=end_sample=${totalSamples}`;
  if (cues.length === 0) return [`${bed}[aout]`];
  const parts = [`${bed}[bed]`];
  cues.forEach((cue, i) => {
    const delay = `${cue.delaySamples}S`;
    parts.push(
      `[${cue.input}:a]aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,adelay=${delay}|${delay},apad,atrim=end_sample=${totalSamples}[d${i}]`,
    );
  });
  const n = cues.length + 1;
  parts.push(`[bed]${cues.map((_, i) => `[d${i}]`).join("")}amix=inputs=${n}:duration=first,volume=${n}[aout]`);
  return parts;
}
