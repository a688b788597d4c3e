/**
 * Breaking a script down into its shot list: the rules run off the server's thread, the
 * result is merged into the list this script was broken down into before (or a new one), and saved over the
 * version it was merged with, so an edit saved meanwhile in the shot list editor is merged, not overwritten.
 */
import { asc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { BREAKDOWN_MESSAGES, type BreakdownResponse, type ScriptCoverage, type ShotListScriptState } from "../../domain/breakdown/api";
import { mergeBreakdown } from "../../domain/breakdown/merge";
import { elementsById, scriptChanges } from "../../domain/breakdown/scriptLink";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import { shotCount } from "../../domain/shotlists/edits";
import { scenesSchema, type Scene, type ShotList } from "../../domain/shotlists/schema";
import type { ScriptFile } from "../../domain/scripts";
import type { Db } from "../db/client";
import { scripts, shotLists } from "../db/schema";
import { badRequest } from "../errors";
import { editShotList, findShotList } from "../shotlists/shotListService";
import { breakDownOffThread, breakdownReportOffThread } from "./breakdownHost";
import { authorizeProject, type ProjectAction } from "../policies/projectPolicy";
import { findScript } from "../services/scriptService";
import type { BreakdownReport } from "../../domain/breakdown/report";

/** The script a list was broken down from, with its elements; null when the list has none or it was deleted. */
export async function linkedScript(
  db: Db,
  scriptId: string | null,
): Promise<{ id: string; name: string; elements: ScreenplayElement[] } | null> {
  if (!scriptId) return null;
  const [row] = await db
    .select({ id: scripts.id, name: scripts.name, elements: scripts.elements })
    .from(scripts)
    .where(eq(scripts.id, scriptId));
  return row ? { ...row, elements: (row.elements ?? []) as ScreenplayElement[] } : null;
}

/** The screenplay's elements; other script files (notes, research) have nothing to break down. */
export function screenplayElements(script: ScriptFile): ScreenplayElement[] {
  if (script.fileType !== "screenplay") throw badRequest(BREAKDOWN_MESSAGES.notScreenplay);
  return script.elements;
}

/** The list a script was broken down into (the oldest, should there be several). */
async function listOfScript(db: Db, scriptId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: shotLists.id })
    .from(shotLists)
    .where(eq(shotLists.scriptId, scriptId))
    .orderBy(asc(shotLists.createdAt))
    .limit(1);
  return row?.id ?? null;
}

function checked(scenes: Scene[]): Scene[] {
  if (!scenesSchema.safeParse(scenes).success) throw badRequest(BREAKDOWN_MESSAGES.tooLarge);
  return scenes;
}

/** A script the caller may use for `action` (404 when there is none, the policy's refusal when they may not). */
async function scriptFor(db: Db, userId: string, scriptId: string, action: ProjectAction): Promise<ScriptFile> {
  const script = await findScript(db, scriptId);
  await authorizeProject(db, userId, script.projectId, action);
  return script;
}

/** Breaks the script (or one scene) down into its shot list, for a caller who may edit its project. */
export async function breakDownScript(db: Db, input: { scriptId: string; headingId?: string; userId: string }): Promise<BreakdownResponse> {
  const script = await scriptFor(db, input.userId, input.scriptId, "edit");
  return breakDown(db, { script, headingId: input.headingId, userId: input.userId });
}

/** The breakdown report's tables for a caller who may view the script, with the script they came from. */
export async function breakdownReport(db: Db, userId: string, scriptId: string): Promise<{ script: ScriptFile; report: BreakdownReport }> {
  const script = await scriptFor(db, userId, scriptId, "view");
  return { script, report: await breakdownReportOffThread(screenplayElements(script), script.metadata.format) };
}

async function breakDown(db: Db, input: { script: ScriptFile; headingId?: string; userId: string }): Promise<BreakdownResponse> {
  const elements = screenplayElements(input.script);
  const breakdown = await breakDownOffThread(elements, input.headingId, input.script.metadata.format);
  const ctx = { elementsById: elementsById(elements), now: Date.now() };
  const respond = (shotList: ShotList, created: boolean): BreakdownResponse => ({
    shotList,
    created,
    notices: breakdown.notices,
    counts: { scenes: shotList.scenes.length, shots: shotCount(shotList.scenes) },
  });

  const listId = await listOfScript(db, input.script.id);
  if (listId) return respond(await editShotList(db, listId, (scenes) => checked(mergeBreakdown(scenes, breakdown, ctx))), false);
  const scenes = checked(mergeBreakdown([], breakdown, ctx));
  const [row] = await db
    .insert(shotLists)
    .values({
      id: randomUUID(),
      projectId: input.script.projectId,
      scriptId: input.script.id,
      name: `${input.script.name} – Breakdown`.slice(0, 200),
      scenes,
      createdBy: input.userId,
    })
    .returning({ id: shotLists.id });
  const { normalized: _n, ...list } = await findShotList(db, row!.id);
  return respond(list, true);
}

/** Per script line, the shots of the script's broken-down list that cover it (the editor's markers). */
export async function scriptCoverage(db: Db, userId: string, scriptId: string): Promise<ScriptCoverage> {
  await scriptFor(db, userId, scriptId, "view");
  const listId = await listOfScript(db, scriptId);
  if (!listId) return { shotList: null, lines: {} };
  const list = await findShotList(db, listId);
  const lines: ScriptCoverage["lines"] = {};
  for (const scene of list.scenes) {
    for (const shot of scene.shots) {
      for (const line of shot.script?.lines ?? []) {
        (lines[line.id] ??= []).push({
          shotId: shot.id,
          shotNumber: shot.shotNumber,
          label: `Shot ${shot.shotNumber}: ${shot.shotSize}, ${shot.subject}`,
        });
      }
    }
  }
  return { shotList: { id: list.id, name: list.name }, lines };
}

/** For a list made from a script: the script, and what changed in the lines each shot covers. */
export async function shotListScriptState(db: Db, list: Pick<ShotList, "scriptId" | "scenes">): Promise<ShotListScriptState> {
  const script = await linkedScript(db, list.scriptId);
  if (!script) return { script: null, scriptChanges: {} };
  const lines = elementsById(script.elements);
  const changes: ShotListScriptState["scriptChanges"] = {};
  for (const scene of list.scenes) {
    for (const shot of scene.shots) {
      const c = scriptChanges(shot, lines);
      if (c.length) changes[shot.id] = c;
    }
  }
  return { script: { id: script.id, name: script.name }, scriptChanges: changes };
}
