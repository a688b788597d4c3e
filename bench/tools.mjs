// bench/tools: how long each offline tool takes on fixed inputs, and what the generation queue adds to a run.
// Run with `node --import tsx bench/tools.mjs` (the tools and the harness load as TypeScript sources).
//
// 1. Each local tool straight through `runLocalTool` (the entry every offline tool goes through) on a fixed
//    input: one warm-up run first (models load, ffmpeg and sharp start), then the median of N runs (5 for the
//    fast ones, 3 for the upscale). Goals: upscale ×2 of 256 px ≤ 2 s, people cut-out of a 512 px portrait
//    ≤ 1 s, OCR of a text image ≤ 1 s (the Local AI goals); the ffmpeg/sharp tools on these small inputs
//    have no goal in the spec, so this bench holds them to ≤ 1 s each.
// 2. One tool run through the queue the way the app asks for it (POST /api/tools/execute, then
//    `generation.service.waitFor` until the job settled) against `runLocalTool` called directly on the same
//    bytes in the same run (the baseline): medians of 5 each after a warm-up, runs alternating; goal ≤ 1.1×.
//    The queue runs "Local AI" tools in its worker thread, the others in this process, as the studio does.
//
// The API side is the test harness (server/test/harness.ts): in-process app, PGlite in memory (or
// PostgreSQL with TEST_DB=postgres and TEST_DATABASE_URL, as the API tests), media in a temporary folder.
// Printed figures, not a pass/fail test: exits non-zero only if the measurement itself broke.
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { runLocalTool } from "../server/tools/runLocalTool.ts";
import { stopOfflineToolWorker } from "../server/tools/localToolHost.ts";
import { stopTextReader, stopUpscaleHelpers } from "../server/tools/local/ai/index.ts";
import { photo, portrait, textImage } from "../server/tools/local/ai/testFixtures.ts";
import { colourClip, removeFixtures, tone } from "../server/tools/local/media/testFixtures.ts";
import { createHarness } from "../server/test/harness.ts";
import { multipartForm } from "../server/test/multipart.ts";
import { BenchBroken, fmt, median, onCleanup, runBench, table } from "./lib/studio.mjs";

const FAST_REPS = 5;
const SLOW_REPS = 3;
const QUEUE_REPS = 5;
const QUEUE_GOAL = 1.1;
const OCR_LINES = ["Harbour lights at dawn", "Scene 42, take 7"];

const runOptions = () => ({ signal: new AbortController().signal, onProgress: () => {} });
const image = (bytes, contentType) => ({ bytes, contentType });
const inputsOf = (media) => ({ node: media, nodeText: "", connected: [] });

async function fixtures() {
  onCleanup(async () => removeFixtures());
  const portrait512 = await sharp(await portrait())
    .resize(512, 512, { fit: "inside" })
    .jpeg({ quality: 92 })
    .toBuffer();
  const clip = colourClip(
    [
      ["red", 1],
      ["blue", 1],
    ],
    { size: "320x240", fps: 25, tone: 440 },
  );
  return {
    photo256: image(await photo(256), "image/png"),
    portrait512: image(portrait512, "image/jpeg"),
    text: image(await textImage(OCR_LINES), "image/png"),
    clip,
    sound: tone([[440, 2]], { volume: 0.2 }),
  };
}

async function describeImage(bytes) {
  const m = await sharp(bytes).metadata();
  return `${m.format} ${m.width}×${m.height}${m.hasAlpha ? " alpha" : ""}`;
}

/** What came out, in a few words, and whether it is what the tool should make (else the row says so). */
async function describeProduct(product, c) {
  if (product.kind === "text") {
    const text = product.text.replace(/\s+/g, " ").trim();
    return { what: JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text), ok: c.expectText ? text === c.expectText : true };
  }
  const bytes = product.file.bytes;
  if (!bytes?.length) throw new BenchBroken(`${c.tool}: no ${product.mediaType} returned`);
  if (product.mediaType === "image") {
    const what = await describeImage(bytes);
    return { what, ok: c.expectImage ? what.startsWith(c.expectImage) : true };
  }
  return { what: `${product.file.contentType} ${(bytes.length / 1024).toFixed(0)} KiB`, ok: true };
}

function cases(f) {
  return [
    {
      tool: "local/upscale",
      label: "×2, 256 px photo",
      input: f.photo256,
      params: { scale: 2 },
      reps: SLOW_REPS,
      goalMs: 2000,
      expectImage: "png 512×512",
    },
    {
      tool: "local/remove-background-people",
      label: "512 px portrait",
      input: f.portrait512,
      params: {},
      reps: FAST_REPS,
      goalMs: 1000,
      expectImage: "png 512×512 alpha",
    },
    {
      tool: "local/read-text",
      label: "900×200 text image, 2 lines",
      input: f.text,
      params: {},
      reps: FAST_REPS,
      goalMs: 1000,
      expectText: OCR_LINES.join(" "),
    },
    {
      tool: "local/extract-frame",
      label: "last frame, 2 s 320×240 clip",
      input: f.clip,
      params: { which: "last" },
      reps: FAST_REPS,
      goalMs: 1000,
      expectImage: "png 320×240",
    },
    {
      tool: "local/trim-video",
      label: "0.5–1.5 s of a 2 s 320×240 clip",
      input: f.clip,
      params: { start: 0.5, end: 1.5 },
      reps: FAST_REPS,
      goalMs: 1000,
    },
    {
      tool: "local/crop-aspect",
      label: "16:9 of a 512 px portrait",
      input: f.portrait512,
      params: { aspect_ratio: "16:9" },
      reps: FAST_REPS,
      goalMs: 1000,
      expectImage: "png 512×288",
    },
    {
      tool: "local/normalize-loudness",
      label: "−23 LUFS, 2 s tone (WAV)",
      input: f.sound,
      params: { target_lufs: -23 },
      reps: FAST_REPS,
      goalMs: 1000,
    },
    {
      tool: "local/watermark",
      label: "text on a 512 px portrait",
      input: f.portrait512,
      params: { text: "© Reelgraph" },
      reps: FAST_REPS,
      goalMs: 1000,
      expectImage: "png 512×512",
    },
    {
      tool: "local/watermark",
      label: "text on a 2 s 320×240 clip",
      input: f.clip,
      params: { text: "© Reelgraph" },
      reps: FAST_REPS,
      goalMs: 1000,
    },
  ];
}

async function direct(c) {
  const t = performance.now();
  const product = await runLocalTool(c.tool, inputsOf(c.input), c.params, runOptions());
  return { ms: performance.now() - t, product };
}

// --- 1. each tool on its own ---------------------------------------------------------------------------

async function toolTimings(f) {
  const rows = [];
  for (const c of cases(f)) {
    const cold = await direct(c);
    const out = await describeProduct(cold.product, c);
    const warm = [];
    for (let i = 0; i < c.reps; i++) warm.push((await direct(c)).ms);
    const med = median(warm);
    rows.push({ ...c, coldMs: cold.ms, med, min: Math.min(...warm), max: Math.max(...warm), out });
  }
  return rows;
}

// --- 2. through the queue against the direct call ------------------------------------------------------

async function queueVersusDirect(f) {
  const h = await createHarness();
  const storageRoot = h.generation.service.deps.storage?.root; // LocalStorage's temporary folder, if that is the storage
  onCleanup(async () => {
    await h.close();
    if (typeof storageRoot === "string" && path.basename(storageRoot).startsWith("reelgraph-media-"))
      rmSync(storageRoot, { recursive: true, force: true });
  });
  const user = await h.signUp("Bench Tools");
  const projectId = (await h.call(user, "POST", "/api/projects", { name: "Tools bench" })).body?.id;
  if (!projectId) throw new BenchBroken("POST /api/projects answered without an id");
  let nodeCount = 0;

  /** A fresh node holding the input (a tool that replaces the node's picture would otherwise run on its own output). */
  async function nodeWith(media, filename) {
    const nodeId = `n${++nodeCount}`;
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: nodeId, position: { x: nodeCount * 600, y: 0 } }] });
    const form = multipartForm([
      ["projectId", projectId],
      ["nodeId", nodeId],
      ["file", { filename, type: media.contentType, data: media.bytes }],
    ]);
    const res = await h.server.inject({
      method: "POST",
      url: "/api/upload-media",
      payload: form.payload,
      headers: { ...user.headers, ...form.headers },
    });
    if (res.statusCode !== 200) throw new BenchBroken(`upload-media → ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const url = JSON.parse(res.body).url;
    const saved = await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId, prevRev: 0, nodeData: { title: "Plate", mediaUrl: url, displayUrl: url, contentType: "image", rev: 1 } }],
    });
    if (saved.status !== 200 || saved.body?.conflicts?.length)
      throw new BenchBroken(`autosave → ${saved.status}: ${JSON.stringify(saved.body).slice(0, 300)}`);
    return nodeId;
  }

  async function throughQueue(c, nodeId) {
    const t = performance.now();
    const res = await h.call(user, "POST", "/api/tools/execute", { toolId: c.tool, nodeId, projectId, parameters: c.params });
    if (res.status !== 202) throw new BenchBroken(`tools/execute ${c.tool} → ${res.status}: ${JSON.stringify(res.body)}`);
    const answered = performance.now() - t;
    const row = await h.generation.service.waitFor(res.body.generationId, 120_000);
    const ms = performance.now() - t;
    if (row.status !== "succeeded") throw new BenchBroken(`${c.tool} through the queue ended ${row.status}: ${row.error ?? ""}`);
    return { ms, answered };
  }

  const nodeData = async (nodeId) =>
    (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find((n) => n.id === nodeId).data;

  const queueCases = [
    {
      tool: "local/crop-aspect",
      label: "16:9 of a 512 px portrait",
      input: f.portrait512,
      filename: "portrait.jpg",
      params: { aspect_ratio: "16:9" },
      expectImage: "png 512×288",
    },
    {
      tool: "local/upscale",
      label: "×2, 256 px photo",
      input: f.photo256,
      filename: "photo.png",
      params: { scale: 2 },
      expectImage: "png 512×512",
    },
  ];
  const rows = [];
  for (const c of queueCases) {
    const nodes = [];
    for (let i = 0; i <= QUEUE_REPS; i++) nodes.push(await nodeWith(c.input, c.filename));
    // Warm-up of both paths (the queue's Local AI worker thread loads its own models).
    await direct(c);
    await throughQueue(c, nodes[0]);
    const warmData = await nodeData(nodes[0]);
    const made = await describeImage(
      Buffer.from((await h.server.inject({ method: "GET", url: warmData.mediaUrl, headers: user.headers })).rawPayload),
    );
    if (c.expectImage && !made.startsWith(c.expectImage))
      throw new BenchBroken(`${c.tool} through the queue put ${made} on the node, expected ${c.expectImage}`);
    const queued = [];
    const answered = [];
    const inJob = [];
    const straight = [];
    for (let i = 1; i <= QUEUE_REPS; i++) {
      straight.push((await direct(c)).ms);
      const q = await throughQueue(c, nodes[i]);
      queued.push(q.ms);
      answered.push(q.answered);
      inJob.push((await nodeData(nodes[i])).toolExecutionResult?.executionTime);
    }
    rows.push({
      ...c,
      queued: median(queued),
      direct: median(straight),
      inJob: median(inJob),
      answered: median(answered),
      made,
      queuedAll: queued,
      directAll: straight,
    });
  }
  return { rows, engine: h.database.kind };
}

// --- report ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  console.log(
    `bench/tools — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0].toFixed(1)}`,
  );
  onCleanup(async () => {
    await stopTextReader();
    await stopUpscaleHelpers();
    await stopOfflineToolWorker();
  });
  const f = await fixtures();

  const timings = await toolTimings(f);
  console.log("\n1. Each local tool through runLocalTool, warm (one warm-up run, then the median of N runs)\n");
  table(
    ["tool", "input", "warm-up", "median", "N", "min–max", "goal", "verdict", "output"],
    timings.map((r) => [
      r.tool,
      r.label,
      fmt(r.coldMs, 0, " ms"),
      fmt(r.med, 0, " ms"),
      r.reps,
      `${fmt(r.min, 0)}–${fmt(r.max, 0)} ms`,
      `≤ ${fmt(r.goalMs / 1000, 0)} s`,
      r.med <= r.goalMs ? "meets goal" : "over goal",
      `${r.out.what}${r.out.ok ? "" : "  (NOT the expected output)"}`,
    ]),
    [2, 3, 4, 5],
  );

  const queue = await queueVersusDirect(f);
  console.log(
    `\n2. One run through the queue (POST /api/tools/execute → waitFor settled; ${queue.engine === "pglite" ? "PGlite" : "PostgreSQL"}, in-process workers) against runLocalTool directly on the same bytes (baseline); medians of ${QUEUE_REPS} after a warm-up\n`,
  );
  table(
    [
      "tool",
      "input",
      "direct (baseline)",
      "through queue",
      "execute answered",
      "of which tool job",
      "queue − direct",
      "queue / direct",
      "goal",
      "verdict",
    ],
    queue.rows.map((r) => [
      r.tool,
      r.label,
      fmt(r.direct, 0, " ms"),
      fmt(r.queued, 0, " ms"),
      fmt(r.answered, 0, " ms"),
      fmt(r.inJob, 0, " ms"),
      fmt(r.queued - r.direct, 0, " ms"),
      fmt(r.queued / r.direct, 2, "×"),
      `≤ ${QUEUE_GOAL}×`,
      r.queued / r.direct <= QUEUE_GOAL ? "meets goal" : "over goal",
    ]),
    [2, 3, 4, 5, 6, 7],
  );
  console.log("\n  every run (ms), direct | queue:");
  for (const r of queue.rows)
    console.log(`  ${r.tool.padEnd(18)} ${r.directAll.map((x) => fmt(x, 0)).join(" ")} | ${r.queuedAll.map((x) => fmt(x, 0)).join(" ")}`);
  console.log('  "execute answered": POST /api/tools/execute sent → its 202 (checks, credit hold, job queued, node marked);');
  console.log('  "of which tool job": the job\'s own executionTime (reading the input, the tool, storing the output).');
  console.log(`\n  whole bench: ${fmt((performance.now() - started) / 1000, 0)} s`);
}

await runBench(main);
