/**
 * Which nodes a request is about. A node the request names outright ("the node called Intro", a quoted
 * title) comes first; then the selection, else the agent's context, else the nodes the request names by kind
 * ("every image", "all videos") or by their title. "On the canvas" widens "every image" to the whole canvas
 * even with a selection.
 */
import type { AgentNodeView, PlannerInput } from "../planner";
import { hasWords, type ParsedRequest } from "./requestText";

export type NodeKind = AgentNodeView["kind"];

const KIND_NOUNS: ReadonlyArray<readonly [NodeKind, string]> = [
  ["image", "images?|pictures?|pics?|photos?|frames?|stills?|illustrations?|drawings?|sketch(?:es)?|renders?|posters?|thumbnails?"],
  ["video", "videos?|clips?|movies?|animations?|footage"],
  ["audio", "audios?|sounds?|recordings?|voice ?overs?|voiceovers?|speech(?:es)?|tracks?|audio clips?"],
  ["text", "texts?|text nodes?|notes?|prompts?|paragraphs?|ideas?"],
  ["model3d", "3d models?|3d|meshes|mesh|models? in 3d|glbs?"],
];
const ANY_NOUNS = "nodes?|cards?|things|items|boxes";

const KIND_NOUN_EXACT = KIND_NOUNS.map(([kind, nouns]) => [kind, new RegExp(`^(?:${nouns})$`)] as const);

/** The kind a noun names ("pictures" → image), or undefined. */
export function kindOfNoun(noun: string): NodeKind | undefined {
  return KIND_NOUN_EXACT.find(([, re]) => re.test(noun))?.[0];
}

const ALL_OF = new RegExp(
  `\\b(?:every|all(?: of)?(?: the| my| these| those)?|each(?: of the)?)\\s+(?:(?:selected|generated|existing|current|other)\\s+)?(?:(${KIND_NOUNS.map(([, n]) => `(${n})`).join("|")})|(${ANY_NOUNS}))\\b|\\b(everything)\\b`,
);

/** "every image" → ["image"]; "all nodes" / "everything" → "any"; nothing → undefined. */
export function allOfKindIn(lower: string): NodeKind | "any" | undefined {
  const m = ALL_OF.exec(lower);
  if (!m) return undefined;
  if (m[1]) {
    const at = KIND_NOUNS.findIndex((_, i) => m[2 + i] !== undefined);
    return KIND_NOUNS[at]?.[0] ?? "any";
  }
  return "any";
}

const PLURAL_KIND =
  /\b(?:the|my|our)\s+(?:[a-z0-9:-]+\s+)?(images|pictures|photos|frames|stills|videos|clips|audios|sounds|recordings|texts|notes|3d models|meshes)\b/;
const CANVAS_SCOPE = /\b(?:on|in|across) (?:the|this|my) (?:whole |entire )?(?:canvas|project|board|workspace)\b|\beverywhere\b/;
const NAMED_CUE =
  /\b(?:called|named|titled|labell?ed)\s+("[_]+"|'[_]+'|[^,.;!?]{1,80}?)(?=\s+(?:to|into|and|with|as|from|in|on)\b|[,.;!?]|$)/g;

/** The title a phrase names, normalised for comparing ("the Harbour node" → "harbour"). */
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Nodes whose title is `phrase`: exact titles first (case-insensitive), else titles starting with it, else
 * titles containing it as words. "the", a trailing "node" and a kind noun are ignored ("the Intro image").
 */
export function nodesNamed(nodes: readonly AgentNodeView[], phrase: string): AgentNodeView[] {
  let p = norm(phrase).replace(/^(?:the|a|an|my)\s+/, "");
  const exact = nodes.filter((n) => norm(n.title) === p);
  if (exact.length || !p) return exact;
  p = p.replace(/\s+(?:node|card|box)s?$/, "");
  const bare = p.replace(/\s+[a-z0-9]+$/, (last) => (kindOfNoun(last.trim()) ? "" : last));
  for (const q of new Set([p, bare])) {
    if (q.length < 2) continue;
    const same = nodes.filter((n) => norm(n.title) === q);
    if (same.length) return same;
    const starts = nodes.filter((n) => norm(n.title).startsWith(q));
    if (starts.length) return starts;
    const within = nodes.filter((n) => hasWords(norm(n.title), q));
    if (within.length) return within;
  }
  return [];
}

/** Nodes the request names outright: "called X" / "named X", or a quoted title. */
export function explicitlyNamed(input: PlannerInput, req: ParsedRequest): AgentNodeView[] {
  const found: AgentNodeView[] = [];
  const add = (ns: AgentNodeView[]) => ns.forEach((n) => found.includes(n) || found.push(n));
  for (const m of req.lower.matchAll(NAMED_CUE)) {
    const phrase = m[1]!;
    const end = m.index + m[0].length;
    // `lower` and `text` line up, so the quoted or written title is read in its own case from `text`.
    add(nodesNamed(input.canvas.nodes, req.text.slice(end - phrase.length, end).replace(/^["']|["']$/g, "")));
  }
  for (const q of req.quoted) add(input.canvas.nodes.filter((n) => norm(n.title) === norm(q)));
  return found;
}

/** Nodes whose whole title (three characters or more, not a kind's default name) is written in the request. */
export function titlesMentioned(input: PlannerInput, req: ParsedRequest): AgentNodeView[] {
  const found = input.canvas.nodes.filter((n) => {
    const t = norm(n.title);
    return t.length >= 3 && !DEFAULT_TITLES.has(t) && hasWords(req.lower, t);
  });
  // "Harbour at night" written: not also "Harbour".
  const longer = found.map((n) => norm(n.title));
  return found.filter((n) => !longer.some((t) => t !== norm(n.title) && hasWords(t, norm(n.title))));
}
const DEFAULT_TITLES = new Set(["text", "image", "video", "audio", "3d model", "untitled", "node", "new node"]);

export interface Subjects {
  /** The subjects of the wanted kinds, in canvas order. */
  nodes: AgentNodeView[];
  /** Where they came from. */
  from: "named" | "selection" | "context" | "request" | "none";
  /** Nodes picked that are not of the wanted kinds. */
  skipped: AgentNodeView[];
}

/** The request's subjects, of `kinds` when given. */
export function subjectsOf(input: PlannerInput, req: ParsedRequest, kinds?: readonly NodeKind[]): Subjects {
  const byId = new Map(input.canvas.nodes.map((n) => [n.id, n]));
  const pick = (ids: readonly string[]) => ids.map((id) => byId.get(id)).filter((n): n is AgentNodeView => !!n);
  const all = allOfKindIn(req.lower);
  const ofKind = (n: AgentNodeView) => (all && all !== "any" ? n.kind === all : true);
  const finish = (picked: AgentNodeView[], from: Subjects["from"]): Subjects => {
    const scoped = picked.filter(ofKind);
    const wanted = kinds ? scoped.filter((n) => kinds.includes(n.kind)) : scoped;
    return { nodes: wanted, from: picked.length ? from : "none", skipped: scoped.filter((n) => !wanted.includes(n)) };
  };

  const named = explicitlyNamed(input, req);
  if (named.length) return finish(named, "named");
  if (all && CANVAS_SCOPE.test(req.lower)) return finish([...input.canvas.nodes], "request");
  // "Every image" with none among the picked nodes means the canvas's images.
  const hasKind = (ns: AgentNodeView[]) => !all || all === "any" || ns.some(ofKind);
  const selected = pick(input.selection);
  const context = pick(input.context);
  // A selection inside the context (the last chip added stays selected) does not narrow it: the context's
  // nodes are all meant. A selection reaching beyond the context is the user's pick.
  const inContext = new Set(input.context);
  if (selected.length && context.length > selected.length && selected.every((n) => inContext.has(n.id)) && hasKind(context))
    return finish(context, "context");
  if (selected.length && hasKind(selected)) return finish(selected, "selection");
  if (context.length && hasKind(context)) return finish(context, "context");
  if (all) return finish([...input.canvas.nodes], "request");
  if (selected.length) return finish(selected, "selection");
  if (context.length) return finish(context, "context");
  const mentioned = titlesMentioned(input, req);
  if (mentioned.length) return finish(mentioned, "request");
  // "the images", "my videos": every node of that kind (a plural, so "this image" still asks for a selection).
  const plural = PLURAL_KIND.exec(req.lower);
  if (plural) {
    const kind = kindOfNoun(plural[1]!);
    if (kind)
      return finish(
        input.canvas.nodes.filter((n) => n.kind === kind),
        "request",
      );
  }
  return { nodes: [], from: "none", skipped: [] };
}
