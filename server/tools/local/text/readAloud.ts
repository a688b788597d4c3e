/**
 * 'Read aloud (Local)': a text node's words spoken by the studio's offline voice (CMU flite, in its own
 * child process with a time limit per passage; generation/local/speech.ts), as a WAV for a new audio node.
 */
import { FLITE_VOICES } from "../../../../domain/generation/catalogueLocal";
import { MAX_SPEECH_CHARS, speakableText, speechChunks, synthesize, type FliteVoice } from "../../../generation/local/speech";
import { ToolInputError } from "../media/types";
import type { MediaInput, LocalToolRun } from "../../runLocalTool";

export async function readAloud(text: string, options: { voice: string; speed: number }, run: LocalToolRun): Promise<MediaInput> {
  if (text.length > MAX_SPEECH_CHARS) {
    throw new ToolInputError(
      `text: the voice reads at most ${MAX_SPEECH_CHARS.toLocaleString("en-US")} characters at a time; this node has ${text.length.toLocaleString("en-US")}`,
    );
  }
  // flite speaks English letters and digits; a text with none (only emoji, or another script) has nothing to say.
  if (speechChunks(speakableText(text)).length === 0)
    throw new ToolInputError("text: there are no English words on this node to read aloud");
  const voice = (FLITE_VOICES as readonly string[]).includes(options.voice) ? (options.voice as FliteVoice) : "slt";
  const wav = await synthesize({
    text,
    voice,
    speed: options.speed,
    signal: run.signal,
    onChunk: (done, total) => run.onProgress(done / total),
  });
  return { bytes: wav, contentType: "audio/wav" };
}
