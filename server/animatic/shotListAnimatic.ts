/**
 * A shot list (or one scene of it) as an animatic's render input: the shots in order, each
 * held for its time (domain/animatic/shotTiming.ts, longer when its dialogue needs it), its image moved by
 * the shot's camera movement, a video trimmed to fit, a titled card where there is no image (never
 * dropped), each character's lines spoken by a voice of their own (the local voices), optional captions of
 * those lines and a card per scene heading. Media are copied out of storage into `workDir` first.
 */
import { createWriteStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ANIMATIC_MESSAGES, ANIMATIC_SIZES } from "../../domain/animatic/api";
import { shotDialogue, shotTiming, STILL_MOVES } from "../../domain/animatic/shotTiming";
import { elementsById } from "../../domain/breakdown/scriptLink";
import { FLITE_VOICES } from "../../domain/generation/catalogue";
import { voiceIndexFor } from "../../domain/animatic/voices";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import type { Scene, Shot } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { badRequest } from "../errors";
import { synthesize } from "../generation/local/speech";
import { durationSeconds, readWav } from "../generation/local/wav";
import { findMedia } from "../services/mediaService";
import type { MediaStorage } from "../storage/storage";
import type { AnimaticInput, Segment } from "./animaticPlan";
import { probeMedia } from "./probe";

export interface ShotListAnimaticSource {
  projectId: string;
  scenes: Scene[];
  /** The script the list was broken down from (timing and voices); empty for a list made by hand. */
  elements: ScreenplayElement[];
  size: keyof typeof ANIMATIC_SIZES;
  captions: boolean;
  sceneCards: boolean;
}

/** Speaks one line as WAV bytes; null for a line that cannot be spoken (it is shown, not heard). */
export type Speaker = (line: { speaker: string; text: string }, signal: AbortSignal) => Promise<Buffer | null>;

export interface AnimaticSourceEnv {
  db: Db;
  storage: MediaStorage;
  workDir: string;
  signal: AbortSignal;
  onProgress?(fraction: number): void;
  /** The voices: the local flite ones unless another speaker is given (ElevenLabs, animaticVoices.ts). */
  speak?: Speaker;
}

/** Lines start a quarter second into their shot, a fifth of a second apart, and the shot runs on after. */
const LINE_LEAD = 0.25;
const LINE_GAP = 0.2;
const LINE_TAIL = 0.35;

/** The offline voices: a flite voice per character; a line flite cannot speak (no English letters) is null. */
export const localSpeaker: Speaker = (line, signal) =>
  synthesize({ text: line.text, voice: FLITE_VOICES[voiceIndexFor(line.speaker, FLITE_VOICES.length)]!, speed: 1, signal }).catch(
    () => null,
  );

/** Every line the animatic will speak, in order (what ElevenLabs would be paid for). */
export function spokenLines(scenes: readonly Scene[], elements: readonly ScreenplayElement[]): string[] {
  return scenes.flatMap((scene) => scene.shots.flatMap((shot) => shotDialogue(shot, elements).map((l) => l.text)));
}

/** The shot's image or video copied out of storage (only the project's own media), or null for a card. */
async function mediaFile(
  env: AnimaticSourceEnv,
  projectId: string,
  shot: Shot,
  index: number,
): Promise<{ path: string; video: boolean } | null> {
  const id = shot.image?.slice("/api/media/".length);
  if (!id) return null;
  const row = await findMedia(env.db, id);
  if (!row || row.projectId !== projectId) return null;
  const object = await env.storage.get(row.key);
  if (!object) return null;
  const video = row.contentType.startsWith("video/");
  if (!video && !row.contentType.startsWith("image/")) return null;
  const file = path.join(env.workDir, `shot-${index}.${row.key.split(".").pop() ?? "bin"}`);
  await pipeline(object.body, createWriteStream(file));
  return { path: file, video };
}

export async function shotListAnimaticInput(source: ShotListAnimaticSource, env: AnimaticSourceEnv): Promise<AnimaticInput> {
  const byId = elementsById(source.elements);
  const shots = source.scenes.flatMap((scene) => scene.shots.map((shot, i) => ({ scene, shot, first: i === 0 })));
  if (!shots.length) throw badRequest(ANIMATIC_MESSAGES.noShots);
  const segments: Segment[] = [];
  for (const [n, { scene, shot, first }] of shots.entries()) {
    const media = await mediaFile(env, source.projectId, shot, n);
    const dialogue: Segment["dialogue"] = [];
    const spoken: string[] = [];
    let at = LINE_LEAD;
    for (const [k, line] of shotDialogue(shot, source.elements).entries()) {
      const wav = await (env.speak ?? localSpeaker)(line, env.signal);
      if (!wav) continue;
      const file = path.join(env.workDir, `line-${n}-${k}.wav`);
      await writeFile(file, wav);
      dialogue.push({ path: file, startSeconds: at });
      spoken.push(line.speaker ? `${line.speaker}: ${line.text}` : line.text);
      at += durationSeconds(readWav(wav)) + LINE_GAP;
    }
    const timed = shotTiming(shot, byId);
    const needed = dialogue.length ? at - LINE_GAP + LINE_TAIL : 0;
    const seconds = Math.min(60, Math.max(timed.seconds, needed));
    const title = `Shot ${shot.shotNumber}${shot.description && shot.description !== "Description..." ? ` · ${shot.description}` : ""}`;
    const visual: Segment["visual"] = !media
      ? { kind: "card", title, subtitle: `${shot.shotSize} · ${shot.shotType}` }
      : media.video
        ? {
            kind: "video",
            path: media.path,
            sourceSeconds: Math.max(0.1, (await probeMedia(media.path, { signal: env.signal })).durationSeconds),
          }
        : { kind: "still", path: media.path, movement: STILL_MOVES[shot.movement] };
    segments.push({
      id: shot.id,
      label: title.slice(0, 500),
      seconds,
      visual,
      dialogue: dialogue.filter((d) => d.startSeconds < seconds),
      ...(spoken.length ? { caption: spoken.join("  ") } : {}),
      ...(source.sceneCards && first ? { sceneCard: { title: scene.title } } : {}),
    });
    env.onProgress?.((n + 1) / shots.length);
  }
  return { ...ANIMATIC_SIZES[source.size], fps: 24, segments, captions: source.captions };
}
