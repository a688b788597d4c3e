// bench/local-providers: how long each offline `local` model takes per content type on this machine.
// Run with `node --import tsx bench/local-providers.mjs` (the engines load as TypeScript sources).
//
// Each case runs the real engine through `localEngine.run` once cold (first in this process: flite's 21 MB
// WebAssembly module compiles, fonts and binaries load), then 3 more times; the table shows the cold run and
// the median of the 3. Sizes are the studio's defaults (1024² sketches, 720p video) unless the case says.
// Printed figures, not a pass/fail test: exits non-zero only when an engine broke (no output).
// The local LLM row runs only when LOCAL_LLM_MODEL points at a GGUF and node-llama-cpp is installed.
import os from "node:os";
import sharp from "sharp";
import { localEngine, localModelAvailability } from "../server/generation/local/index.ts";
import { testRequest } from "../server/generation/local/testKit.ts";
import { BenchBroken, fmt, median, runBench } from "./lib/studio.mjs";

const REPS = 3;
const SENTENCE = "The harbour lights went out one by one, and nobody on the quay said a word.";
const PARAGRAPH = Array.from({ length: 8 }, () => SENTENCE).join(" ");

async function pictures() {
  const make = (hue) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="hsl(${hue},60%,40%)"/><circle cx="1000" cy="380" r="220" fill="hsl(${hue + 150},80%,70%)"/></svg>`,
      ),
    )
      .jpeg()
      .toBuffer()
      .then((bytes) => ({ bytes, contentType: "image/jpeg" }));
  return { "/img/1": await make(20), "/img/2": await make(140), "/img/3": await make(260) };
}

function cases(media) {
  const image = (id) => [{ nodeId: id, type: "image", url: id }];
  return [
    { type: "image", model: "local/sketch", label: "1:1 (1024²)", options: { prompt: "a lighthouse on the ocean at night" } },
    {
      type: "image",
      model: "local/sketch",
      label: "16:9 over a context image",
      options: { prompt: "neon city in the rain", params: { aspect_ratio: "16:9" }, context: image("/img/1"), media },
    },
    { type: "3d", model: "local/mesh", label: "medium detail", options: { prompt: "a lighthouse tower", params: { detail: "medium" } } },
    { type: "3d", model: "local/mesh", label: "high detail", options: { prompt: "a glass vase", params: { detail: "high" } } },
    {
      type: "text",
      model: "local/prompt-writer",
      label: "image prompt + upstream text",
      options: { prompt: "a storm over the bay", context: [{ nodeId: "t", type: "text", text: SENTENCE }] },
    },
    { type: "text", model: "local/llm", label: "64 tokens", options: { prompt: "Describe the opening shot.", params: { max_tokens: 64 } } },
    {
      type: "audio",
      model: "local/tts-flite",
      label: `one sentence (${SENTENCE.length} chars)`,
      options: { params: { text: SENTENCE, voice: "slt" } },
    },
    {
      type: "audio",
      model: "local/tts-flite",
      label: `paragraph (${PARAGRAPH.length} chars)`,
      options: { params: { text: PARAGRAPH, voice: "slt" } },
    },
    {
      type: "video",
      model: "local/video-ffmpeg",
      label: "title card, 720p 5 s",
      options: { prompt: "The night the harbour lights went out", params: { duration: 5 } },
    },
    {
      type: "video",
      model: "local/video-ffmpeg",
      label: "dolly-in on 1 image, 720p 5 s",
      options: { params: { images: ["/img/1"], duration: 5 } },
    },
    {
      type: "video",
      model: "local/video-ffmpeg",
      label: "crossfade 3 images, 720p 6 s",
      options: { params: { images: ["/img/1", "/img/2", "/img/3"], duration: 6 } },
    },
    {
      type: "video",
      model: "local/video-ffmpeg",
      label: "truck-right, 360p 5 s",
      options: { params: { images: ["/img/1"], duration: 5, resolution: "360p", camera_movement: "truck-right" } },
    },
  ].map((c) => ({ ...c, options: { ...c.options, media } }));
}

function outputSize(result) {
  if (result.kind === "text") {
    if (!result.texts.length) throw new BenchBroken("no text returned");
    return `${result.texts[0].length} chars`;
  }
  const bytes = result.files[0]?.bytes;
  if (!bytes?.length) throw new BenchBroken(`no ${result.mediaType} returned`);
  return `${(bytes.length / 1024).toFixed(0)} KiB`;
}

async function time(c) {
  const t = performance.now();
  const result = await localEngine.run(testRequest(c.model, c.options));
  return { ms: performance.now() - t, size: outputSize(result) };
}

async function main() {
  console.log(
    `Local provider timings — node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0].toFixed(1)}`,
  );
  const rows = [];
  for (const c of cases(await pictures())) {
    const availability = localModelAvailability(c.model);
    if (!availability.usable) {
      rows.push([c.type, c.model, c.label, "n/a", "n/a", availability.reason ?? ""]);
      continue;
    }
    const cold = await time(c);
    const warm = [];
    for (let i = 0; i < REPS; i++) warm.push((await time(c)).ms);
    rows.push([c.type, c.model, c.label, fmt(cold.ms, 0, " ms"), fmt(median(warm), 0, " ms"), cold.size]);
  }
  const head = ["content", "model", "case", "cold", `median of ${REPS}`, "output"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    `  ${cells.map((cell, i) => (i === 3 || i === 4 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join("  ")}`.trimEnd();
  console.log(`\n${line(head)}\n${line(widths.map((w) => "-".repeat(w)))}`);
  for (const r of rows) console.log(line(r));
}

await runBench(main);
