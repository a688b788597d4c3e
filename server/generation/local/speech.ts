/**
 * 'Local Speech (flite)': CMU flite (BSD-style licence) compiled to WASI, run under node:wasi in a child
 * process of its own (fliteProcess.ts), with a time limit per passage. Long texts are spoken in chunks of whole sentences, which gives real progress and keeps each
 * flite run short; the chunks' PCM is joined into one WAV.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FLITE_VOICES } from "../../../domain/generation/catalogueLocal";
import type { EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { FliteProcess, FliteProcessError } from "./fliteProcess";
import { spokenText } from "../../../domain/generation/spokenText";
import { enumParam, numberParam, throwIfAborted } from "./params";
import { readWav, writeWav, type Pcm } from "./wav";

const NAME = "Local Speech (flite)";
export const MAX_SPEECH_CHARS = 5000;
const CHUNK_CHARS = 400;
/** A 400-character passage takes flite well under a second; a run this long has hung. */
export const PASSAGE_TIME_LIMIT_MS = 30_000;

export type FliteVoice = (typeof FLITE_VOICES)[number];

/**
 * flite reads 8-bit text and speaks English: accents are folded to ASCII letters, typographic punctuation to
 * its plain form, and anything else becomes a space.
 */
export function speakableText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[–—―]/g, ", ")
    .replace(/…/g, "...")
    .replace(/[^\x20-\x7e\n]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whole sentences packed into chunks of at most CHUNK_CHARS (a longer sentence is split at spaces). */
export function speechChunks(text: string): string[] {
  const sentences = text.match(/[^.!?;]+[.!?;]*\s*/g) ?? [text];
  const chunks: string[] = [];
  let current = "";
  const push = (piece: string) => {
    if (current && current.length + piece.length > CHUNK_CHARS) {
      chunks.push(current.trim());
      current = "";
    }
    current += piece;
  };
  for (const sentence of sentences) {
    if (sentence.length <= CHUNK_CHARS) push(sentence);
    else for (const word of sentence.split(/(?<=\s)/)) push(word);
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks.filter((c) => /[A-Za-z0-9]/.test(c));
}

export interface SpeechInput {
  text: string;
  voice: FliteVoice;
  /** 1 is flite's normal rate; 2 is twice as fast. */
  speed: number;
  signal?: AbortSignal;
  onChunk?(done: number, total: number): void;
  /** Per passage; PASSAGE_TIME_LIMIT_MS unless a test sets a shorter one. */
  timeLimitMs?: number;
  /** Called with the flite child once it is started (tests kill it as a crash would). */
  onProcess?(flite: FliteProcess): void;
}

/** A WAV of the text. Exported for tests and the benchmark; the engine entry point is runSpeech. */
export async function synthesize({ text, voice, speed, signal, onChunk, timeLimitMs, onProcess }: SpeechInput): Promise<Buffer> {
  const chunks = speechChunks(speakableText(text));
  if (chunks.length === 0) throw new ProviderError(`${NAME} needs English text to speak`);
  const dir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-flite-"));
  const flite = new FliteProcess(timeLimitMs ?? PASSAGE_TIME_LIMIT_MS);
  onProcess?.(flite);
  const stop = () => flite.close();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const parts: Pcm[] = [];
    for (const [i, chunk] of chunks.entries()) {
      if (signal) throwIfAborted(signal);
      await writeFile(path.join(dir, `in-${i}.txt`), chunk, "latin1");
      const run = await runFlite(
        flite,
        dir,
        ["-voice", voice, "--setf", `duration_stretch=${(1 / speed).toFixed(3)}`, "-f", `in-${i}.txt`, "-o", `out-${i}.wav`],
        signal,
      );
      if (signal) throwIfAborted(signal);
      if (run.code !== 0)
        throw new ProviderError(`${NAME} failed (exit ${run.code})${run.stderr ? `: ${run.stderr.trim().split("\n")[0]}` : ""}`);
      parts.push(readWav(await readFile(path.join(dir, `out-${i}.wav`))));
      onChunk?.(i + 1, chunks.length);
    }
    const first = parts[0] as Pcm;
    return writeWav({ ...first, data: Buffer.concat(parts.map((p) => p.data)) });
  } finally {
    signal?.removeEventListener("abort", stop);
    flite.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One flite run; a crashed or timed-out child becomes this job's ProviderError. */
async function runFlite(flite: FliteProcess, dir: string, args: string[], signal?: AbortSignal) {
  try {
    return await flite.run(dir, args);
  } catch (err) {
    if (signal) throwIfAborted(signal); // a cancel stops the child too; say it was cancelled
    if (err instanceof FliteProcessError) throw new ProviderError(`${NAME} ${err.message}. Please try again.`);
    throw err;
  }
}

export async function runSpeech(request: EngineRequest): Promise<EngineResult> {
  throwIfAborted(request.signal);
  // The Text parameter, else the prompt, else the connected text nodes: the text the run was priced by.
  const text = spokenText(request.model, request);
  if (!text.trim()) throw new ProviderError(`${NAME} needs text to speak`);
  if (text.length > MAX_SPEECH_CHARS)
    throw new ProviderError(
      `${NAME} speaks at most ${MAX_SPEECH_CHARS.toLocaleString("en-US")} characters at a time; this text has ${text.length.toLocaleString("en-US")}`,
    );
  const voice = enumParam(request.params, "voice", FLITE_VOICES, "slt");
  const speed = numberParam(request.params, "speed", 1, 0.5, 2);
  const wav = await synthesize({
    text,
    voice,
    speed,
    signal: request.signal,
    onChunk: (done, total) => request.onProgress({ percent: Math.round((100 * done) / total), message: `Spoke ${done} of ${total}` }),
  });
  return { kind: "media", mediaType: "audio", files: [{ bytes: wav, contentType: "audio/wav" }] };
}
