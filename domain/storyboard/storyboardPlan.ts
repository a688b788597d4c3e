/**
 * Storyboard a shot list scene on the canvas: a lane of image nodes, left to right in shot
 * order, each with the shot's prompt (the spec's 'Cinematic' rule), the chosen ratio and image model; and one
 * character node per character, connected as context into every shot the character is in, so models that
 * take reference images receive it. A character that already has a node on the canvas (from another scene)
 * keeps it: the same person in every scene. The lane is an agent plan, so the canvas applies it through its
 * one command path as one undo step.
 */
import type { AspectRatio } from "../canvas/node";
import { PlanBuilder } from "../agent/offline/planBuilder";
import type { AgentPlan, PlanNodeRef } from "../agent/plan";
import { hasDescription, shotImagePrompt } from "../shotlists/prompt";
import type { Scene, Shot } from "../shotlists/schema";

/** A character node's title: how the canvas finds the node of a character again. */
export const characterNodeTitle = (name: string) => `${name} · character`;
export const CHARACTER_TITLE_RE = /^(.+) · character$/;

/** Breakdown shots whose subject is a prop or a place, not people. */
const NOT_PEOPLE = /^(insert|establishing|written):/;
const NAME_RE = /^[A-Z][A-Z0-9 .'’-]*[A-Z0-9]$/;

/** The characters a shot shows: the capitalised names in its subject ("DANIEL, MAYA"), not props or places. */
export function shotCharacters(shot: Pick<Shot, "subject" | "script">): string[] {
  if (shot.script && NOT_PEOPLE.test(shot.script.key)) return [];
  return shot.subject
    .split(/,\s*|\s+and\s+/)
    .map((s) => s.trim())
    .filter((s) => NAME_RE.test(s) && s !== "SUBJECT");
}

/** Everyone the scene's shots show, in order of first appearance. */
export function sceneCharacters(scene: Pick<Scene, "shots">): string[] {
  return [...new Set(scene.shots.flatMap(shotCharacters))];
}

/** The shots a storyboard draws: those with a description (the placeholder 'Description...' is none). */
export const storyboardShots = (scene: Pick<Scene, "shots">) => scene.shots.filter(hasDescription);

export interface StoryboardOptions {
  model: string;
  aspectRatio: AspectRatio;
  /** Character nodes already on the canvas, by character name. */
  characterNodes: ReadonlyMap<string, string>;
}

export interface Storyboard {
  plan: AgentPlan;
  /** The plan key of each shot's new node, by shot id (the shot links to its node once applied). */
  shotKeys: Map<string, string>;
  /** Plan keys of the characters this storyboard adds (run before the shots, so the shots get their look). */
  newCharacterKeys: string[];
}

const keyOf = (ref: PlanNodeRef) => ref.slice("new:".length);

export function storyboardPlan(scene: Scene, options: StoryboardOptions): Storyboard {
  const plan = new PlanBuilder();
  const shots = storyboardShots(scene);
  const characters = new Map<string, PlanNodeRef>();
  const newCharacterKeys: string[] = [];
  // Added last name first, so the first name lands rightmost: the column below starts there and reads in
  // name order, and the shots' column stands right beside it.
  const newNames = sceneCharacters({ shots }).filter((name) => !options.characterNodes.has(name));
  for (const name of sceneCharacters({ shots })) {
    const existing = options.characterNodes.get(name);
    if (existing) characters.set(name, existing);
  }
  for (const name of [...newNames].reverse()) {
    const ref = plan.addNode("character", "image", {
      title: characterNodeTitle(name),
      prompt: `Character reference: ${name}, head and shoulders, neutral light, plain background, the same face in every shot`,
      model: options.model,
      aspectRatio: "1:1",
    });
    characters.set(name, ref);
  }
  newCharacterKeys.push(...newNames.map((name) => keyOf(characters.get(name)!)));
  const firstNew = newNames.length ? characters.get(newNames[0]!) : undefined;
  const shotKeys = new Map<string, string>();
  const lane: PlanNodeRef[] = [];
  for (const shot of shots) {
    const inputs = shotCharacters(shot).flatMap((name) => (characters.has(name) ? [characters.get(name)!] : []));
    const ref = plan.addNode(
      "shot",
      "image",
      { title: `Shot ${shot.shotNumber}`, prompt: shotImagePrompt(shot), model: options.model, aspectRatio: options.aspectRatio },
      { inputs, ...(firstNew ? { near: firstNew } : {}) },
    );
    shotKeys.set(shot.id, keyOf(ref));
    lane.push(ref);
  }
  // With characters connected, the shots stand in a column with the new characters in a column on their
  // left: every reference edge then runs through the empty strip between the two columns, never behind a
  // card (a row of shots would put Shot 1 under the edge from a character to Shot 2). Without, a row.
  const referenced = shots.some((shot) => shotCharacters(shot).some((name) => characters.has(name)));
  plan.layout(lane, referenced ? "column" : "row");
  plan.layout(
    newCharacterKeys.map((k) => `new:${k}`),
    "column",
  );
  const who = characters.size
    ? `, with ${characters.size === 1 ? "1 character" : `${characters.size} characters`} connected as reference`
    : "";
  return {
    plan: plan.plan(
      `Storyboard of ${scene.title}: ${shots.length === 1 ? "1 shot" : `${shots.length} shots`} ${referenced ? "in a column" : "in a row"}${who}.`,
    ),
    shotKeys,
    newCharacterKeys,
  };
}

/** Character nodes on a canvas, by name (the first node of each name). */
export function characterNodesOf(nodes: ReadonlyArray<{ id: string; data: { title?: unknown } }>): Map<string, string> {
  const found = new Map<string, string>();
  for (const n of nodes) {
    const name = typeof n.data.title === "string" ? CHARACTER_TITLE_RE.exec(n.data.title)?.[1] : undefined;
    if (name && !found.has(name)) found.set(name, n.id);
  }
  return found;
}
