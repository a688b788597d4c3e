/**
 * 'Local Image Prompt Writer': turns a short idea and the text of upstream nodes into a fuller prompt for the
 * chosen medium, picking shot, lighting, lens and mood vocabulary with the seed. It is a template writer,
 * not a language model; the text it returns is plain text (the node renders it as text, never as HTML).
 */
import type { EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { enumParam, numberParam, throwIfAborted, upstreamTexts } from "./params";
import { VOCABULARY, type PromptTarget } from "./promptVocabulary";
import { extraSeed, pick, randomFor } from "./random";
import { isRequestNotIdea, NOT_A_PROMPT_MESSAGE } from "../../../domain/generation/promptRequest";

const TARGETS = ["image", "video", "audio", "3d"] as const;
/** Upstream text beyond this many characters (per item) is cut at a word boundary. */
const MAX_CONTEXT_CHARS = 600;

export interface PromptInput {
  idea: string;
  upstream: readonly string[];
  target: PromptTarget;
  seed: number;
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

function withoutFinalStop(text: string): string {
  return text.replace(/[\s.]+$/, "");
}

/** One prompt. Exported for tests and the benchmark; the engine entry point is runPromptWriter. */
export function writePrompt({ idea, upstream, target, seed }: PromptInput): string {
  const subject = withoutFinalStop(squash(idea)) || withoutFinalStop(clip(squash(upstream[0] ?? ""), 160));
  if (!subject) throw new ProviderError("Local Image Prompt Writer needs a prompt or connected text");
  const random = randomFor(`${target}\u0000${subject}`, seed, "prompt-writer");
  const vocabulary = VOCABULARY[target];
  const lead = pick(random, vocabulary.lead);
  const details = vocabulary.slots.map((slot) => pick(random, slot.choices));
  const context = upstream
    .map((t) => clip(squash(t), MAX_CONTEXT_CHARS))
    .filter((t) => t && t !== subject)
    .map((t) => withoutFinalStop(t));
  const lines = [`${lead} ${articleLowered(subject)}.`];
  if (context.length > 0) lines.push(`Context: ${context.join(" / ")}.`);
  lines.push(`${capitalise(details.join(", "))}.`);
  return lines.join(" ");
}

/** "A lighthouse…" reads "…of a lighthouse"; names and other words keep their case. */
function articleLowered(subject: string): string {
  return subject.replace(/^(A|An|The)\b/, (word) => word.toLowerCase());
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function runPromptWriter(request: EngineRequest): Promise<EngineResult> {
  throwIfAborted(request.signal);
  // A request for writing or an answer is not an idea to expand: say who can answer it, never echo it.
  if (isRequestNotIdea(request.prompt)) throw new ProviderError(NOT_A_PROMPT_MESSAGE);
  const target = enumParam(request.params, "target", TARGETS, "image");
  const count = Math.round(numberParam(request.params, "variations", 1, 1, 5));
  const upstream = upstreamTexts(request);
  const texts = Array.from({ length: count }, (_, i) =>
    writePrompt({ idea: request.prompt, upstream, target, seed: extraSeed(request.seed, i) }),
  );
  request.onProgress({ percent: 100 });
  return { kind: "text", texts };
}
