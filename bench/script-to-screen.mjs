// bench/script-to-screen (`npm run bench:script-to-screen`), its two figures:
//
// 1. Breakdown: a generated 120-page script broken down into scenes and shots (goal ≤ 1 s), with the report,
//    against the baseline of paginating the same script once (the floor: the breakdown reads every line).
//
// 2. Animatic: what an animatic's movement, cards and sound cost over plainly stringing its stills together.
//
// A 20-shot scene at 1280×720, 24 fps: 20 generated stills of 2 s each with mixed camera moves (static,
// push in/pull out, pans, tilts) and 4 lines of dialogue (WAVs), through `renderAnimatic` — against the
// baseline, a bare ffmpeg concatenation of the same 20 stills (concat demuxer with `duration` lines, the same
// H.264 settings, no movement, no audio), run through the same ffmpeg runner in the same run. Runs alternate
// (REPS of each, default 3); the table shows medians. Goal: animatic ≤ 3× the baseline.
// Printed figures, not a pass/fail test: exits non-zero only if the measurement itself broke (a render
// failed, or an output is not 40 s of 1280×720 H.264).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ffmpegPath, runFfmpeg } from "../server/generation/local/ffmpeg.ts";
import { renderAnimatic } from "../server/animatic/renderAnimatic.ts";
import { meanVolumeDb, probeMedia } from "../server/animatic/probe.ts";
import { BenchBroken, fmt, median, onCleanup, runBench, table, verdict } from "./lib/studio.mjs";
import { breakDown } from "../domain/breakdown/breakDown.ts";
import { breakdownReport } from "../domain/breakdown/report.ts";
import { generateScript } from "../domain/screenplay/fixtures.ts";
import { pageCount } from "../domain/screenplay/paginate.ts";

const SHOTS = 20;
const SHOT_SECONDS = 2;
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 24;
const REPS = Number(process.env.BENCH_REPS ?? 3);
const GOAL = 3;
const MOVES = ["static", "push in", "pan right", "tilt up", "pull out", "pan left", "tilt down"];
/** Shot index → where its line starts within the shot, and how long the line is. */
const LINES = new Map([
  [1, { start: 0.3, seconds: 1.4, hz: 220 }],
  [6, { start: 0.5, seconds: 1.2, hz: 330 }],
  [11, { start: 0.2, seconds: 1.7, hz: 262 }],
  [17, { start: 0.4, seconds: 1.0, hz: 392 }],
]);

const never = () => new AbortController().signal;

/** A storyboard-like still: a gradient sky, a horizon, a figure — different for every shot. */
function stillSvg(i) {
  const hue = (i * 37) % 360;
  const x = 200 + ((i * 173) % 880);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,65%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect y="${430 + (i % 5) * 20}" width="100%" height="400" fill="hsl(${(hue + 180) % 360},30%,22%)"/>
    <circle cx="${x}" cy="300" r="${60 + (i % 4) * 25}" fill="hsl(${(hue + 90) % 360},80%,70%)"/>
    <rect x="${x - 30}" y="420" width="60" height="160" rx="24" fill="#111"/>
  </svg>`;
}

async function fixtures(dir) {
  const stills = [];
  for (let i = 0; i < SHOTS; i++) {
    const file = path.join(dir, `still-${i}.png`);
    await sharp(Buffer.from(stillSvg(i)))
      .png()
      .toFile(file);
    stills.push(file);
  }
  const voices = new Map();
  for (const [shot, line] of LINES) {
    const file = path.join(dir, `line-${shot}.wav`);
    const r = spawnSync(ffmpegPath(), [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${line.hz}:duration=${line.seconds}`,
      file,
    ]);
    if (r.status !== 0) throw new BenchBroken(`could not make ${file}: ${r.stderr}`);
    voices.set(shot, file);
  }
  // the concat demuxer ignores the last entry's duration unless the file is listed once more (and then holds
  // that extra entry for a guessed time, so the baseline's output is cut at the scene's length with -t)
  const list = [
    "ffconcat version 1.0",
    ...stills.flatMap((f) => [`file '${path.basename(f)}'`, `duration ${SHOT_SECONDS}`]),
    `file '${path.basename(stills.at(-1))}'`,
  ];
  writeFileSync(path.join(dir, "stills.ffconcat"), `${list.join("\n")}\n`);
  return { stills, voices };
}

function scene({ stills, voices }) {
  return {
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    captions: false,
    segments: stills.map((file, i) => ({
      id: `shot-${i + 1}`,
      seconds: SHOT_SECONDS,
      visual: { kind: "still", path: file, movement: MOVES[i % MOVES.length] },
      dialogue: voices.has(i) ? [{ path: voices.get(i), startSeconds: LINES.get(i).start }] : [],
    })),
  };
}

async function timeAnimatic(input, dir, out) {
  const t = performance.now();
  await renderAnimatic(input, { workDir: path.join(dir, "work"), outputPath: out, signal: never() });
  return performance.now() - t;
}

async function timeBaseline(dir, out) {
  const t = performance.now();
  // prettier-ignore
  await runFfmpeg({
    args: [
      "-f",
      "concat",
      "-i",
      "stills.ffconcat",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "23",
      "-pix_fmt",
      "yuv420p",
      "-r",
      String(FPS),
      "-t",
      String(SHOTS * SHOT_SECONDS),
      "-an",
      "-movflags",
      "+faststart",
      out,
    ],
    cwd: dir,
    duration: SHOTS * SHOT_SECONDS,
    signal: never(),
  });
  return performance.now() - t;
}

async function checkOutput(file, label, withAudio) {
  const info = await probeMedia(file);
  const expected = SHOTS * SHOT_SECONDS;
  const ok =
    Math.abs(info.durationSeconds - expected) <= 0.1 &&
    info.video?.codec === "h264" &&
    info.video.width === WIDTH &&
    info.video.height === HEIGHT &&
    (!withAudio || info.audio?.codec === "aac");
  if (!ok)
    throw new BenchBroken(`${label} is not ${expected} s of ${WIDTH}×${HEIGHT} H.264${withAudio ? "/AAC" : ""}: ${JSON.stringify(info)}`);
  return info;
}

const BREAKDOWN_GOAL_MS = 1000;

/** Median time of `fn` over `reps` runs, after one warm-up. */
function timeIt(fn, reps = 5) {
  fn();
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return { median: median(times), runs: times };
}

function benchBreakdown() {
  const { elements } = generateScript({ pages: 120, seed: 1 });
  const pages = pageCount(elements);
  const pagination = timeIt(() => pageCount(elements));
  const breakdown = timeIt(() => breakDown(elements));
  const report = timeIt(() => breakdownReport(elements));
  const result = breakDown(elements);
  const shots = result.scenes.reduce((n, s) => n + s.shots.length, 0);
  console.log(
    `\nBreakdown of a generated ${pages}-page script (${elements.length.toLocaleString()} elements): ${result.scenes.length} scenes, ${shots.toLocaleString()} shots; medians of 5 runs\n`,
  );
  table(
    ["step", "median", "runs (ms)"],
    [
      ["baseline: paginate once", fmt(pagination.median, 0, " ms"), pagination.runs.map((x) => fmt(x, 0)).join(" ")],
      ["break down (scenes, shots, eighths)", fmt(breakdown.median, 0, " ms"), breakdown.runs.map((x) => fmt(x, 0)).join(" ")],
      ["breakdown report", fmt(report.median, 0, " ms"), report.runs.map((x) => fmt(x, 0)).join(" ")],
    ],
    [1],
  );
  console.log(
    `\n  break down: ${fmt(breakdown.median, 0, " ms")}   goal ≤ ${BREAKDOWN_GOAL_MS} ms   ${verdict(breakdown.median <= BREAKDOWN_GOAL_MS)}   (${fmt(breakdown.median / pagination.median, 2, "×")} the pagination)`,
  );
  if (result.notices.length) console.log(`  notices: ${result.notices.join(" ")}`);
}

async function main() {
  const started = performance.now();
  console.log(
    `bench/script-to-screen — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0].toFixed(1)}`,
  );
  benchBreakdown();
  console.log(`\nAnimatic`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-animatic-bench-"));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const input = scene(await fixtures(dir));
  const animaticOut = path.join(dir, "animatic.mp4");
  const baselineOut = path.join(dir, "baseline.mp4");

  const animatic = [];
  const baseline = [];
  for (let i = 0; i < REPS; i++) {
    baseline.push(await timeBaseline(dir, baselineOut));
    animatic.push(await timeAnimatic(input, dir, animaticOut));
  }
  const made = await checkOutput(animaticOut, "the animatic", true);
  await checkOutput(baselineOut, "the baseline", false);
  // shot 2's line (1.4 s from 2.3 s) must be heard
  const speech = await meanVolumeDb(animaticOut, 2.4, 3.6);
  const quiet = await meanVolumeDb(animaticOut, 0.2, 1.8);

  const a = median(animatic);
  const b = median(baseline);
  console.log(
    `\n${SHOTS} stills × ${SHOT_SECONDS} s at ${WIDTH}×${HEIGHT} ${FPS} fps, libx264 veryfast crf 23; medians of ${REPS} alternating runs\n`,
  );
  table(
    ["render", "what", "median", "runs (ms)"],
    [
      ["baseline", "concat demuxer, no movement, no audio", fmt(b, 0, " ms"), baseline.map((x) => fmt(x, 0)).join(" ")],
      [
        "renderAnimatic",
        `${MOVES.length} kinds of move, ${LINES.size} dialogue lines + bed, AAC`,
        fmt(a, 0, " ms"),
        animatic.map((x) => fmt(x, 0)).join(" "),
      ],
    ],
    [2],
  );
  console.log(`\n  animatic / baseline: ${fmt(a / b, 2, "×")}   goal ≤ ${GOAL}×   ${verdict(a / b <= GOAL)}`);
  console.log(
    `  animatic: ${fmt(made.durationSeconds, 2, " s")}, ${made.video.codec} ${made.video.width}×${made.video.height}, ${made.audio?.codec}; mean volume ${fmt(speech, 1, " dB")} during a line, ${fmt(quiet, 1, " dB")} before it`,
  );
  console.log(
    `  realtime factor: animatic ${fmt((SHOTS * SHOT_SECONDS * 1000) / a, 1, "×")}, baseline ${fmt((SHOTS * SHOT_SECONDS * 1000) / b, 1, "×")} (seconds of video per second of rendering)`,
  );
  console.log(`\n  whole bench: ${fmt((performance.now() - started) / 1000, 0)} s`);
}

await runBench(main);
