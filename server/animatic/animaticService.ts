/**
 * What the animatic routes ask for, with the access check inside: start a render of a shot list (or one of
 * its scenes), estimate what it will speak and cost, and read a render's state.
 */
import type { z } from "zod";
import { ANIMATIC_MESSAGES, type animaticRequestSchema, type AnimaticEstimate, type AnimaticJob } from "../../domain/animatic/api";
import { tooLongLine } from "../../domain/animatic/shotTiming";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import type { Scene, ShotList } from "../../domain/shotlists/schema";
import { linkedScript } from "../breakdown/breakdownService";
import type { Db } from "../db/client";
import { badRequest, notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import { openShotList } from "../shotlists/shotListService";
import { findAnimaticJob, startAnimatic, type AnimaticStartDeps } from "./animaticRun";
import { elevenLabsOffer } from "./animaticVoices";
import { spokenLines } from "./shotListAnimatic";

type AnimaticBody = z.output<typeof animaticRequestSchema>;

/** The scene asked for (404 when the list has no such scene), or every scene. */
function scenesOf(list: ShotList, sceneId: string | undefined): { scene?: Scene; scenes: Scene[] } {
  if (!sceneId) return { scenes: list.scenes };
  const scene = list.scenes.find((s) => s.id === sceneId);
  if (!scene) throw notFound(SHOT_LIST_MESSAGES.sceneNotFound);
  return { scene, scenes: [scene] };
}

/** Starts the render for a caller who may edit the list's project; what cannot be rendered is refused now. */
export async function requestAnimatic(
  deps: AnimaticStartDeps,
  userId: string,
  shotListId: string,
  body: AnimaticBody,
): Promise<AnimaticJob> {
  const { list } = await openShotList(deps.db, userId, shotListId, "edit");
  const { scene, scenes } = scenesOf(list, body.sceneId);
  if (!scenes.some((s) => s.shots.length)) throw badRequest(ANIMATIC_MESSAGES.noShots);
  const elements = (await linkedScript(deps.db, list.scriptId))?.elements ?? [];
  // A line no shot can hold is named now, not failed later as if a retry could help.
  const tooLong = tooLongLine(
    scenes.flatMap((s) => s.shots),
    elements,
  );
  if (tooLong) throw badRequest(tooLong);
  const voices = { credits: 0, ownKey: false };
  if (body.voices === "elevenlabs") {
    const offer = await elevenLabsOffer(deps.generation.deps, userId, spokenLines(scenes, elements));
    if (!offer.usable) throw badRequest(offer.reason!);
    Object.assign(voices, { credits: offer.credits, ownKey: offer.ownKey });
  }
  const title = `Animatic · ${scene ? scene.title : list.name}`.slice(0, 200);
  return startAnimatic(deps, {
    userId,
    projectId: list.projectId,
    request: {
      shotListId: list.id,
      sceneId: body.sceneId,
      size: body.size,
      captions: body.captions,
      sceneCards: body.sceneCards,
      voices: body.voices,
      title,
    },
    voices,
  });
}

/** What the dialog shows before starting: how many lines will be spoken, and whether and at what cost ElevenLabs can speak them. */
export async function estimateAnimatic(
  deps: AnimaticStartDeps,
  userId: string,
  shotListId: string,
  body: AnimaticBody,
): Promise<AnimaticEstimate> {
  const { list } = await openShotList(deps.db, userId, shotListId, "edit");
  const lines = spokenLines(scenesOf(list, body.sceneId).scenes, (await linkedScript(deps.db, list.scriptId))?.elements ?? []);
  const { ownKey: _own, ...elevenlabs } = await elevenLabsOffer(deps.generation.deps, userId, lines);
  return { lines: lines.length, elevenlabs };
}

/** A render's state, for a caller who may view its project. */
export async function animaticJob(db: Db, userId: string, jobId: string): Promise<AnimaticJob> {
  const job = await findAnimaticJob(db, jobId);
  if (!job) throw notFound(ANIMATIC_MESSAGES.notFound);
  await authorizeProject(db, userId, job.projectId, "view");
  const { projectId: _p, ...shown } = job;
  return shown;
}
