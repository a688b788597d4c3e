/**
 * The shot choices a request names: aspect ratio ("9:16", "vertical", "widescreen"), camera move ("slow push
 * in" → dolly-in) and duration ("5-second", "10s"). Each reader returns undefined when nothing is named.
 */
import { ASPECT_RATIOS, type AspectRatio } from "../../canvas/node";
import { LOCAL_CAMERA_MOVES } from "../../generation/catalogueLocal";
import { NUMBER_PATTERN, numberValue } from "./numbers";

export type LocalCameraMove = (typeof LOCAL_CAMERA_MOVES)[number];

/** `r` when it is one of the studio's aspect ratios. */
export const asAspectRatio = (r: string | undefined): AspectRatio | undefined =>
  (ASPECT_RATIOS as readonly string[]).includes(r ?? "") ? (r as AspectRatio) : undefined;

const RATIO_WORDS: Readonly<Record<string, AspectRatio>> = {
  vertical: "9:16",
  portrait: "9:16",
  upright: "9:16",
  widescreen: "16:9",
  "wide-screen": "16:9",
  landscape: "16:9",
  horizontal: "16:9",
  square: "1:1",
  cinemascope: "21:9",
  anamorphic: "21:9",
  ultrawide: "21:9",
  "ultra-wide": "21:9",
};

/** Words after which a ratio word is a format ("a vertical video", "square format"). */
const FORMAT_NOUNS = new Set([
  "image",
  "images",
  "picture",
  "pictures",
  "photo",
  "photos",
  "frame",
  "frames",
  "still",
  "stills",
  "shot",
  "shots",
  "video",
  "videos",
  "clip",
  "clips",
  "format",
  "formats",
  "mode",
  "orientation",
  "aspect",
  "ratio",
  "version",
  "versions",
  "poster",
  "thumbnail",
  "crop",
  "storyboard",
  "board",
  "boards",
  "panel",
  "panels",
  "variation",
  "variations",
  "one",
  "ones",
]);
/** Words before which a ratio word is a format ("make it vertical", "in widescreen", "the images square"). */
const FORMAT_LEADS = new Set([
  "in",
  "to",
  "as",
  "it",
  "them",
  "these",
  "those",
  "this",
  "that",
  "all",
  "make",
  "go",
  "be",
  "into",
  ",",
  "and",
  "&",
]);

const NUMERIC_RATIO = /(?<![\d.])(\d{1,2})\s*(?::|x|×| by )\s*(\d{1,2})(?![\d.])|(?<![\d.])2\.(?:35|39|4)\s*:\s*1\b/;

/**
 * The aspect ratio the request asks for. Numbers are read as written ("16x9", "9:16", "2.39:1" → 21:9);
 * words only where they name a format, so "a portrait of Nell", "the town square" and "a vertical cliff"
 * are subjects, while "vertical video", "in widescreen" and "make it square" are formats.
 */
export function aspectRatioIn(lower: string): AspectRatio | undefined {
  const numeric = NUMERIC_RATIO.exec(lower);
  if (numeric) {
    if (!numeric[1]) return "21:9";
    const ratio = `${Number(numeric[1])}:${Number(numeric[2])}`;
    if ((ASPECT_RATIOS as readonly string[]).includes(ratio)) return ratio as AspectRatio;
  }
  const tokens = lower.match(/[a-z0-9:-]+|,|&/g) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const ratio = RATIO_WORDS[tokens[i]!];
    if (!ratio) continue;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    if (next === "of") continue;
    if (next === undefined || FORMAT_NOUNS.has(next) || (prev !== undefined && (FORMAT_LEADS.has(prev) || FORMAT_NOUNS.has(prev))))
      return ratio;
  }
  return undefined;
}

const CAMERA_PATTERNS: ReadonlyArray<readonly [RegExp, LocalCameraMove]> = [
  [
    /\b(?:push(?:es|ing)?|dolly(?:ing)?|zoom(?:s|ing)?|mov(?:e|es|ing)|creep(?:s|ing)?|track(?:s|ing)?)[\s-]*in\b|\bpush(?:es|ing)? closer\b|\bmove closer\b|\bpush-in\b/,
    "dolly-in",
  ],
  [
    /\b(?:pull(?:s|ing)?|dolly(?:ing)?|zoom(?:s|ing)?|mov(?:e|es|ing)|track(?:s|ing)?)[\s-]*(?:out|back|away)\b|\bpull-?back\b/,
    "dolly-out",
  ],
  [
    /\b(?:pan(?:s|ning)?|truck(?:s|ing)?|track(?:s|ing)?|slid(?:e|es|ing)|mov(?:e|es|ing)|drift(?:s|ing)?|crab(?:s|bing)?|dolly(?:ing)?)[\s-]+(?:to (?:the )?)?left\b/,
    "truck-left",
  ],
  [
    /\b(?:pan(?:s|ning)?|truck(?:s|ing)?|track(?:s|ing)?|slid(?:e|es|ing)|mov(?:e|es|ing)|drift(?:s|ing)?|crab(?:s|bing)?|dolly(?:ing)?)[\s-]+(?:to (?:the )?)?right\b/,
    "truck-right",
  ],
  [
    /\b(?:crane(?:s|ing)?|tilt(?:s|ing)?|boom(?:s|ing)?|jib(?:s|bing)?|pedestal(?:ling)?|ris(?:e|es|ing)|mov(?:e|es|ing)|pan(?:s|ning)?)[\s-]+up(?:wards?)?\b|\b(?:rising|ascending|crane) shot\b/,
    "crane-up",
  ],
  [
    /\b(?:crane(?:s|ing)?|tilt(?:s|ing)?|boom(?:s|ing)?|jib(?:s|bing)?|pedestal(?:ling)?|descend(?:s|ing)?|mov(?:e|es|ing)|pan(?:s|ning)?)[\s-]+down(?:wards?)?\b|\bdescending shot\b/,
    "crane-down",
  ],
  [
    /\b(?:static|locked[\s-]off|lock(?:ed)? it off|still camera|no (?:camera )?(?:move(?:ment)?|motion)|tripod|fixed camera|stationary)\b/,
    "static",
  ],
];

/** The local video's camera move the request names (the first one written), or undefined. */
export function cameraMoveIn(lower: string): LocalCameraMove | undefined {
  let best: { at: number; move: LocalCameraMove } | undefined;
  for (const [pattern, move] of CAMERA_PATTERNS) {
    const m = pattern.exec(lower);
    if (m && (!best || m.index < best.at)) best = { at: m.index, move };
  }
  return best?.move;
}

const SECONDS = new RegExp(`(${NUMBER_PATTERN}|\\d{1,3}\\.\\d)[\\s-]*(?:s|secs?|seconds?)\\b`);
const MINUTES = new RegExp(`(${NUMBER_PATTERN}|a|one)[\\s-]*(?:mins?|minutes?)\\b`);

/** The duration in seconds the request names ("5-second", "10s", "ten seconds", "a minute"), or undefined. */
export function durationIn(lower: string): number | undefined {
  if (/\bhalf an? minute\b/.test(lower)) return 30;
  const s = SECONDS.exec(lower);
  if (s) return numberValue(s[1]!);
  const m = MINUTES.exec(lower);
  if (m) return 60 * (m[1] === "a" || m[1] === "one" ? 1 : (numberValue(m[1]!) ?? 1));
  return undefined;
}

// Phrases that set a choice rather than describe the picture, taken out of a description used as a prompt.
const CHOICE_PHRASES: readonly RegExp[] = [
  /\s*,?\s*\b(?:in|at|as|with)?\s*(?:an?\s+)?(?:\d{1,2}\s*(?::|x|×)\s*\d{1,2}|2\.(?:35|39|4)\s*:\s*1)(?:\s+(?:aspect(?:\s+ratio)?|ratio|format|frames?|images?|pictures?|videos?))?\b/gi,
  /\s*,?\s*\b(?:in|as)\s+(?:an?\s+)?(?:vertical|portrait|widescreen|landscape|horizontal|square|cinemascope|anamorphic)(?:\s+(?:format|mode|orientation|aspect(?:\s+ratio)?|ratio))?\b/gi,
  /\s*,?\s*\b(?:vertical|portrait|widescreen|landscape|horizontal|square)\s+(?:format|mode|orientation|aspect(?:\s+ratio)?|ratio)\b/gi,
  /\s*,\s*(?:vertical|portrait|widescreen|landscape|horizontal|square)\s*$/gi,
  new RegExp(`\\s*,?\\s*\\b(?:that is |that's |lasting |of )?(?:${NUMBER_PATTERN})[\\s-]*(?:s|secs?|seconds?)(?:\\s+long)?\\b`, "gi"),
];

/** A description with its ratio and duration phrases taken out ("a harbour at dawn, 9:16" → "a harbour at dawn"). */
export function withoutChoicePhrases(description: string): string {
  let s = description;
  for (const re of CHOICE_PHRASES) s = s.replace(re, "");
  return s.replace(/\s{2,}/g, " ").trim();
}
