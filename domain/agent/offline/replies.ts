/** What the rule-based planner says when it has no plan, and the small phrases its summaries are built from. */
import type { AgentNodeView, PlannerAnswer } from "../planner";
import type { NodeKind } from "./subjects";

/** One line per thing it can do, and example requests (spec: a helpful answer names what it can do). */
export const CAPABILITIES =
  "I can make images, variations of a frame, videos from images (camera move, duration, ratio), 3D models, speech and voiced script lines, " +
  "storyboards of a scene or a shot list, and prompts; upscale, remove backgrounds, read aloud, extract frames, trim and crop; " +
  "and arrange, connect, rename, duplicate, delete or run nodes, or change their aspect ratio or model.";

export const EXAMPLES = [
  "Make 3 variations of the selected frame in 9:16",
  "Turn this image into a 5-second video with a slow push in",
  "Storyboard scene 2 of Pilot",
  "Upscale every image",
] as const;

const examples = () => EXAMPLES.map((e) => `• "${e}"`).join("\n");

export function helpAnswer(): PlannerAnswer {
  return {
    reply: `${CAPABILITIES}\nTry for example:\n${examples()}\nSelect nodes first (or add them to my context) to work on them.`,
    plan: null,
  };
}

export function notUnderstood(): PlannerAnswer {
  return { reply: `I can't do that on the canvas. ${CAPABILITIES}\nTry for example:\n${examples()}`, plan: null };
}

export const noPlan = (reply: string): PlannerAnswer => ({ reply, plan: null });

const KIND_NOUN: Readonly<Record<NodeKind, [string, string]>> = {
  none: ["node", "nodes"],
  text: ["text node", "text nodes"],
  image: ["image", "images"],
  video: ["video", "videos"],
  audio: ["audio node", "audio nodes"],
  model3d: ["3D model", "3D models"],
};

/** "1 image", "3 images", "an image". */
export function count(n: number, kind: NodeKind | [string, string]): string {
  const [one, many] = Array.isArray(kind) ? kind : KIND_NOUN[kind];
  return `${n} ${n === 1 ? one : many}`;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? "an" : "a");

/** spec: the answer when a request needs a selection and has none. */
export function needSelection(kinds: readonly NodeKind[]): PlannerAnswer {
  const nouns = kinds.length ? kinds.map((k) => KIND_NOUN[k][0]) : ["node"];
  const what = nouns.map((n) => `${article(n)} ${n}`).join(" or ");
  const one = nouns.length === 1 && nouns[0] !== "node" ? "one" : "it";
  return noPlan(`Select ${what} first, or add ${one} to the agent's context.`);
}

/** The answer when the picked nodes are of another kind than the request needs. */
export function wrongKind(kinds: readonly NodeKind[], picked: readonly AgentNodeView[]): PlannerAnswer {
  const nouns = kinds.map((k) => KIND_NOUN[k][1]).join(" or ");
  return noPlan(
    `That works on ${nouns}, and ${picked.length === 1 ? `"${picked[0]!.title}" is ${describeKind(picked[0]!.kind)}` : "none of the chosen nodes is one"}. ${needSelection(kinds).reply}`,
  );
}

export const describeKind = (kind: NodeKind) =>
  kind === "none" ? "an empty node" : `${article(KIND_NOUN[kind][0])} ${KIND_NOUN[kind][0]}`;

/** '"Harbour"', '"Harbour" and "Pier"', '"A", "B" and 3 more'. */
export function titles(nodes: readonly Pick<AgentNodeView, "title">[], max = 3): string {
  const t = nodes.map((n) => `"${n.title}"`);
  if (t.length <= 1) return t[0] ?? "";
  if (t.length <= max) return `${t.slice(0, -1).join(", ")} and ${t.at(-1)}`;
  return `${t.slice(0, max).join(", ")} and ${t.length - max} more`;
}

/** "runs it (1 run)", "runs them (3 runs)". */
export const runsPhrase = (n: number) => `${n === 1 ? "runs it" : "runs them"} (${n} ${n === 1 ? "run" : "runs"})`;

/** A model's name without its note: "Local Sketch (procedural)" → "Local Sketch". */
export const modelLabel = (name: string) => name.replace(/\s*\([^)]*\)\s*$/, "");

/** A node's text for summaries and titles: its first words. */
export function firstWords(text: string, max = 40): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** The sentence added when some picked nodes were left out. */
export function skippedNote(skipped: readonly AgentNodeView[], why: string): string {
  return skipped.length ? ` ${titles(skipped)} ${skipped.length === 1 ? "is" : "are"} left out (${why}).` : "";
}
