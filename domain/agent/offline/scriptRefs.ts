/**
 * The scripts, scenes and characters a request names: "scene 2 of Pilot", "the harbour scene", "Nell's
 * lines". A script is found by its name; with only one script, it is that one.
 */
import type { AgentSceneView, AgentScriptView, PlannerInput } from "../planner";
import { NUMBER_PATTERN, numberValue, ORDINAL_PATTERN, ordinalValue } from "./numbers";
import { hasWords, type ParsedRequest } from "./requestText";

export type ScriptPick = { script: AgentScriptView } | { missing: string };

/** The script the request names by name (longest name written wins), if any. */
export function scriptNamedIn(input: PlannerInput, req: ParsedRequest): AgentScriptView | undefined {
  const all = req.text.toLowerCase();
  return input.scripts
    .filter((s) => s.name.trim() && hasWords(all, s.name.trim().toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/** The script the request names (longest name written wins); the only script when none is named. */
export function scriptIn(input: PlannerInput, req: ParsedRequest): ScriptPick {
  const named = scriptNamedIn(input, req);
  if (named) return { script: named };
  if (input.scripts.length === 1) return { script: input.scripts[0]! };
  if (!input.scripts.length) return { missing: "This project has no scripts yet. Write one in Write mode first." };
  return { missing: `Which script? Name it in your request: ${input.scripts.map((s) => `"${s.name}"`).join(", ")}.` };
}

const SCENE_NUMBER = new RegExp(`\\b(?:scene|sc\\.?)\\s*(?:number\\s+|no\\.?\\s*|#\\s*)?(\\d{1,4}[a-z]?|${NUMBER_PATTERN})(?![\\w:])`);
const SCENE_ORDINAL = new RegExp(`\\b(?:the\\s+)?(${ORDINAL_PATTERN}|last|final)\\s+scene\\b`);
const SCENE_BY_WORDS = /\b(?:the\s+)?((?:[a-z'-]+\s+){0,2}[a-z'-]+)\s+scene\b/;

/** Whether the request names a scene at all. */
export const namesScene = (lower: string) => SCENE_NUMBER.test(lower) || SCENE_ORDINAL.test(lower) || SCENE_BY_WORDS.test(lower);

/**
 * The scene the request names: by the number on its heading ("scene 1A"), else by its place in the
 * script ("scene 2", "the second scene", "the last scene"), else by words of its heading ("the harbour
 * scene"). Undefined when none is named or found.
 */
export function sceneIn(script: AgentScriptView, lower: string): AgentSceneView | undefined {
  const n = SCENE_NUMBER.exec(lower);
  if (n) {
    const written = n[1]!;
    const byNumber = script.scenes.find((s) => s.number?.toLowerCase() === written);
    if (byNumber) return byNumber;
    const index = numberValue(written);
    return index !== undefined ? script.scenes.find((s) => s.index === index) : undefined;
  }
  const o = SCENE_ORDINAL.exec(lower);
  if (o) {
    if (o[1] === "last" || o[1] === "final") return script.scenes.at(-1);
    const index = ordinalValue(o[1]!);
    return script.scenes.find((s) => s.index === index);
  }
  const w = SCENE_BY_WORDS.exec(lower);
  if (w) {
    const words = w[1]!.split(" ").filter((x) => !STOP.has(x));
    if (words.length) return script.scenes.find((s) => words.every((x) => hasWords(s.heading.toLowerCase(), x)));
  }
  return undefined;
}
const STOP = new Set([
  "the",
  "a",
  "an",
  "of",
  "in",
  "for",
  "from",
  "this",
  "that",
  "whole",
  "entire",
  "storyboard",
  "board",
  "voice",
  "each",
  "every",
]);

/** The characters who speak in the scenes, by their cue name as written in the script ("NELL"). */
export function charactersOf(scenes: readonly AgentSceneView[]): string[] {
  const names = new Set<string>();
  for (const scene of scenes) for (const line of scene.lines) if (line.character?.trim()) names.add(line.character.trim());
  return [...names];
}

/**
 * The characters the request names ("Nell's lines", "what MARCUS says"), matched case-insensitively, with
 * a cue's extension left out ("NELL (V.O.)" is Nell).
 */
export function charactersIn(names: readonly string[], lower: string): string[] {
  return names.filter((name) => {
    const bare = name
      .toLowerCase()
      .replace(/\s*\(.*\)\s*$/, "")
      .trim();
    return bare.length > 0 && hasWords(lower, bare);
  });
}

export const sameCharacter = (a: string | undefined, b: string) =>
  !!a &&
  a
    .toLowerCase()
    .replace(/\s*\(.*\)\s*$/, "")
    .trim() ===
    b
      .toLowerCase()
      .replace(/\s*\(.*\)\s*$/, "")
      .trim();
