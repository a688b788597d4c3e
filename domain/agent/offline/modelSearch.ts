/**
 * A catalogue model found by how a film maker names it: its id ("fal-ai/flux/dev"), its name ("Flux 1.1
 * Pro"), or enough of its name's words ("local sketch", "veo 3", "kling standard"). Among equals, the one
 * that makes the kind of node asked about wins, then the one with the fewest words left unsaid.
 */
import { CATALOGUE } from "../../generation/catalogue";
import type { MediaType, Model } from "../../generation/modelTypes";
import { outputTypeOf } from "../../generation/toolbar";
import { hasWords } from "./requestText";

/** Words that name a kind of model rather than one model: they never pick a model on their own. */
const GENERIC = new Set([
  "to",
  "image",
  "video",
  "text",
  "the",
  "of",
  "and",
  "model",
  "local",
  "procedural",
  "standard",
  "self",
  "hosted",
  "v1",
  "v2",
  "v3",
]);

/** Words around a model's name in a request. */
const FILLER = new Set([
  "a",
  "an",
  "use",
  "using",
  "via",
  "switch",
  "change",
  "set",
  "swap",
  "pick",
  "choose",
  "select",
  "try",
  "put",
  "for",
  "with",
  "this",
  "that",
  "these",
  "those",
  "it",
  "them",
  "all",
  "every",
  "each",
  "selected",
  "one",
  "ones",
  "please",
  "instead",
  "node",
  "nodes",
  "images",
  "videos",
  "new",
]);

interface IndexedModel {
  model: Model;
  id: string;
  tokens: string[];
  makes: MediaType;
}

const tokensOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[()]/g, " ")
    .split(/[^a-z0-9.]+/)
    .map((t) => t.replace(/^\.+|\.+$/g, ""))
    .filter(Boolean);

let index: IndexedModel[] | null = null;
const indexed = () =>
  (index ??= CATALOGUE.map((model) => ({
    model,
    id: model.id.toLowerCase(),
    tokens: [...new Set(tokensOf(model.name))],
    makes: outputTypeOf(model),
  })));

/** The model the words name, preferring one that makes `makes`; undefined when none is named. */
export function modelNamed(words: string, makes?: MediaType): Model | undefined {
  const lower = words.toLowerCase();
  const said = new Set(tokensOf(lower));
  const content = [...said].filter((t) => !GENERIC.has(t) && !FILLER.has(t));
  let best: { model: Model; score: number } | undefined;
  for (const m of indexed()) {
    let score: number;
    if (lower.includes(m.id)) score = 100 + m.id.length;
    else {
      const hit = m.tokens.filter((t) => said.has(t) || (t.length > 3 && hasWords(lower, t)));
      // A version number ("3", "2.1") only counts beside a word of the name: "3 images" names no model.
      if (!hit.some((t) => !GENERIC.has(t) && /[a-z]/.test(t))) continue;
      score = hit.reduce((sum, t) => sum + (GENERIC.has(t) ? 1 : /[a-z]/.test(t) ? 3 : 2), 0) - 0.5 * (m.tokens.length - hit.length);
      if (hasWords(lower, m.model.name.toLowerCase())) score += 10;
      // Most of the words said must be the model's: "banana ultra 9000" is not Imagen 4 Ultra.
      if (content.length && content.filter((t) => m.tokens.includes(t)).length * 2 < content.length) continue;
    }
    if (makes && m.makes === makes) score += 2;
    if (!best || score > best.score) best = { model: m.model, score };
  }
  return best?.model;
}
