/**
 * What a text-to-speech run says, decided once for the engines and for the price (the price
 * read a `text` parameter while the engine spoke the prompt, so an 18,600-character prompt was charged as
 * 100 characters). The offline voice (local/tts-flite) says its Text parameter, else the prompt, else the
 * connected text nodes; hosted voices get the toolbar prompt in their text field (hosted/inputs.ts), so the
 * prompt beats the Text parameter there.
 */
import type { Model } from "./modelTypes";

/** What a run has to say something from: the prompt the engine gets, its parameters and its context. */
export interface SpeechSource {
  prompt: string;
  params: Readonly<Record<string, unknown>>;
  context?: readonly { type: string; text?: string }[];
}

const nonBlank = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

/** The connected text nodes' texts, in edge order. */
export function upstreamTextsOf(context: SpeechSource["context"] = []): string[] {
  return context.flatMap((c) => (c.type === "text" && c.text && c.text.trim() ? [c.text.trim()] : []));
}

/** Exactly the text `model` will speak for this run ('' when there is none). */
export function spokenText(model: Pick<Model, "provider">, source: SpeechSource): string {
  const param = nonBlank(source.params.text);
  const prompt = nonBlank(source.prompt);
  if (model.provider === "local") return param ?? prompt ?? upstreamTextsOf(source.context).join("\n\n");
  return prompt ?? param ?? "";
}
