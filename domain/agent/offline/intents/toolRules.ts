/**
 * The offline tools the agent runs, each with the words that ask for it and the parameters it reads from
 * them (domain/tools/catalogueLocal.ts). First match wins, so narrower rules come first ("trim the silence"
 * before "trim", "blur the background" before "blur faces").
 */
import { TOOL_ASPECT_RATIOS } from "../../../tools/catalogueLocal";
import { clamp, NUMBER_PATTERN, numberValue, timesIn } from "../numbers";
import type { ParsedRequest } from "../requestText";
import { aspectRatioIn } from "../shotChoices";
import { speechSpeedIn, voiceIn } from "../voiceChoices";

/** Parameters for the run, or a question back when the request lacks one the tool needs. */
export type ToolParams = { parameters: Record<string, unknown>; note?: string } | { ask: string };

export interface ToolRule {
  tool: string;
  /** What the summary says it does ("upscales", "removes the background of"). */
  does: string;
  pattern: RegExp;
  /** Weak words ("loop", "fade", "reverse") also appear in descriptions: with nothing picked, other intents get the request. */
  weak?: boolean;
  params?: (req: ParsedRequest) => ToolParams;
}

const none = (): ToolParams => ({ parameters: {} });

export const TOOL_RULES: readonly ToolRule[] = [
  {
    tool: "local/trim-silence",
    does: "trims the silence of",
    pattern: /\b(?:trim|remove|cut|strip|drop)\b(?:\s+[a-z]+){0,2}\s+silences?\b/,
  },
  {
    tool: "local/upscale",
    does: "upscales",
    pattern:
      /\b(?:upscale|upscaling|up-?res|upsize|enlarge|super[- ]?res(?:olution)?|increase (?:the )?resolution|higher resolution|more resolution|make (?:it|them|this|these|those|the [a-z]+) (?:bigger|larger|sharper|hi-?res|high[- ]res))\b/,
    params: (req) => ({ parameters: { scale: /\b(?:4\s?[x×]|[x×]\s?4|four ?times|4 times|quadruple|4k)\b/.test(req.lower) ? 4 : 2 } }),
  },
  {
    tool: "local/replace-background-people",
    does: "blurs the background of",
    pattern: /\bblur(?:red|ry)?\s+(?:out\s+)?(?:the\s+|their\s+|its\s+)?backgrounds?\b|\b(?:background|bg) blur\b/,
    params: () => ({ parameters: { background: "blur" } }),
  },
  {
    tool: "local/remove-background-people",
    does: "removes the background of",
    pattern:
      /\b(?:remove|removing|cut out|cutout|drop|delete|strip|erase|lose|get rid of|take out|knock out|clear)\b(?:\s+[a-z']+){0,3}\s+(?:backgrounds?|bg)\b|\bbackground removal\b|\btransparent background\b|\bcut (?:out )?(?:the )?(?:people|person|subject|actors?)\b/,
  },
  {
    tool: "local/read-aloud",
    does: "reads aloud",
    pattern: /\bread\b.{0,40}\b(?:aloud|out loud)\b|\bread (?:it|this|them|these|that|those|the [a-z ]{1,20}?) out\b|\bread out\b/,
    params: (req) => {
      const voice = voiceIn(req.lower);
      const speed = speechSpeedIn(req.lower);
      return { parameters: { ...(voice ? { voice } : {}), ...(speed ? { speed } : {}) } };
    },
  },
  {
    tool: "local/extract-frame",
    does: "extracts a frame from",
    pattern:
      /\b(?:extract|grab|get|take|pull|export|save|capture|give me|make an image (?:from|of))\b.{0,30}\b(?:frame|still)s?\b|\b(?:first|last|final|end|ending|closing|opening) (?:frame|still)\b/,
    params: (req) => ({ parameters: { which: /\b(?:first|opening|start(?:ing)?)\b/.test(req.lower) ? "first" : "last" } }),
  },
  {
    tool: "local/crop-to-face",
    does: "crops to the face in",
    pattern: /\bcrop\b.{0,30}\bfaces?\b/,
    params: (req) => {
      const ratio = aspectRatioIn(req.lower);
      return { parameters: ratio && ["1:1", "4:5", "9:16", "16:9"].includes(ratio) ? { aspect: ratio } : {} };
    },
  },
  {
    tool: "local/crop-aspect",
    does: "crops",
    pattern: /\bcrop(?:s|ped|ping)?\b|\breframe\b/,
    params: (req) => {
      const ratio = aspectRatioIn(req.lower);
      if (!ratio) return { ask: `Crop to which ratio? For example: "Crop the selected images to 9:16".` };
      if (!(TOOL_ASPECT_RATIOS as readonly string[]).includes(ratio))
        return { ask: `Crop to aspect ratio works with ${TOOL_ASPECT_RATIOS.join(", ")}; ${ratio} is not one of them.` };
      return { parameters: { aspect_ratio: ratio } };
    },
  },
  { tool: "local/trim-video", does: "trims", pattern: /^(?:trim|cut|shorten)\b|\btrim\b|\bshorten\b/, params: trimTimes },
  {
    tool: "local/blur-faces",
    does: "blurs the faces in",
    pattern: /\b(?:blur|blurs|anonymi[sz]e|pixelate|hide|obscure)\b.{0,30}\bfaces?\b/,
  },
  {
    tool: "local/read-text",
    does: "reads the text in",
    pattern:
      /\bocr\b|\b(?:read|extract|pull|get|transcribe|copy)\b(?:\s+(?:the|any|all))?\s+(?:text|words|writing)\b(?:\s+(?:from|in|off|on)\b)|\bread the (?:sign|caption|label)\b/,
  },
  {
    tool: "local/tag-objects",
    does: "lists the objects in",
    pattern:
      /\b(?:tag|label|list|identify|detect|find)\b(?:\s+[a-z]+){0,2}\s+(?:objects?|things)\b|\bwhat(?:'s| is) in (?:this|the|these|that) (?:image|picture|photo|frame)s?\b/,
  },
  {
    tool: "local/extract-audio",
    does: "extracts the audio of",
    pattern: /\b(?:extract|rip|get|pull|separate|save|export|take)\b(?:\s+[a-z]+){0,2}\s+(?:audio|sound|soundtrack)\b/,
    params: (req) => ({ parameters: /\bm4a\b|\baac\b/.test(req.lower) ? { format: "m4a" } : {} }),
  },
  {
    tool: "local/reverse-video",
    does: "reverses",
    pattern: /\breverse\b|\bplay (?:it |them |this )?backwards?\b|\bbackwards\b/,
    weak: true,
  },
  {
    tool: "local/loop-video",
    does: "loops",
    pattern: /\bloop\b/,
    weak: true,
    params: (req) => ({ parameters: { times: clamp(timesIn(req.lower) ?? 2, 2, 10) } }),
  },
  {
    tool: "local/change-speed",
    does: "changes the speed of",
    pattern:
      /\bslow[- ]?mo(?:tion)?\b|\bslow (?:it|this|them|the [a-z]+) down\b|\bspeed (?:it |this |them |the [a-z]+ )?up\b|\bfast[- ]forward\b|\b(?:half|double|twice the) speed\b|\b\d(?:\.\d+)?\s*[x×] (?:speed|faster|slower)\b/,
    weak: true,
    params: (req) => {
      const n = /\b(\d(?:\.\d+)?)\s*[x×] (speed|faster|slower)\b/.exec(req.lower);
      const slow = /\bslow|\bhalf speed\b/.test(req.lower);
      const factor = n ? (n[2] === "slower" ? 1 / Number(n[1]) : Number(n[1])) : slow ? 0.5 : 2;
      // The tool takes quarter steps from 0.25 to 4.
      return { parameters: { factor: clamp(Math.round(factor * 4) / 4, 0.25, 4) } };
    },
  },
  {
    tool: "local/normalize-loudness",
    does: "normalises the loudness of",
    pattern:
      /\bnormali[sz]e\b|\bloudness\b|\bsame volume\b|\blevel (?:out )?(?:the )?(?:audio|volume|sound)\b|\beven out the (?:volume|audio|sound)\b/,
    params: (req) => ({ parameters: { target_lufs: /\b(?:streaming|spotify|youtube|web|online)\b/.test(req.lower) ? -14 : -23 } }),
  },
  {
    tool: "local/fade-audio",
    does: "fades in and out",
    pattern: /\bfade(?:s|d)?\b(?:\s+(?:it|them|this|the [a-z]+))?\s+(?:in|out)\b|\bfade-?(?:in|out)\b/,
    weak: true,
  },
  {
    tool: "local/watermark",
    does: "watermarks",
    pattern: /\bwatermark/,
    params: (req) => {
      const text =
        req.quoted[0]?.trim() ||
        /\bwatermark(?:s|ed)?\b.{0,40}?\b(?:with|saying|reading|that says)\s+(.{1,80})$/.exec(req.text)?.[1]?.trim();
      return text
        ? { parameters: { text } }
        : { ask: `What should the watermark say? For example: 'Watermark the selected images with "© Harbour Films"'.` };
    },
  },
  {
    tool: "local/compress-model",
    does: "compresses",
    pattern: /\bcompress\b|\b(?:shrink|optimi[sz]e|make (?:it|them) smaller)\b.{0,30}\b(?:3d|models?|meshe?s?|glbs?)\b/,
  },
  {
    tool: "local/adjust-colour",
    does: "adjusts the colour of",
    pattern:
      /\b(?:brighten|brighter|darken|darker|(?:more|less) (?:saturated|saturation|contrast|colou?rful)|saturate|desaturate|increase (?:the )?contrast|reduce (?:the )?contrast|black and white|b&w|gr[ae]yscale|colou?r[- ](?:correct|grade|adjust)\w*)\b/,
    params: (req) => {
      const l = req.lower;
      const p: Record<string, number> = {};
      if (/\bbrighten|\bbrighter\b/.test(l)) p.brightness = 1.2;
      if (/\bdarken|\bdarker\b/.test(l)) p.brightness = 0.8;
      if (/\bmore (?:saturated|saturation|colou?rful)|\bsaturate\b/.test(l)) p.saturation = 1.3;
      if (/\bless (?:saturated|saturation|colou?rful)|\bdesaturate\b/.test(l)) p.saturation = 0.7;
      if (/\bblack and white\b|\bb&w\b|\bgr[ae]yscale\b/.test(l)) p.saturation = 0;
      if (/\b(?:more|increase (?:the )?) ?contrast\b/.test(l)) p.contrast = 1.2;
      if (/\b(?:less|reduce (?:the )?) ?contrast\b/.test(l)) p.contrast = 0.8;
      return { parameters: p };
    },
  },
  {
    tool: "local/burn-subtitles",
    does: "burns subtitles into",
    pattern: /\b(?:burn|add|put)\b(?:\s+[a-z-]+){0,2}\s+(?:subtitles?|captions?)\b/,
    params: (req) => ({ parameters: req.quoted[0]?.trim() ? { text: req.quoted[0].trim() } : {} }),
  },
];

const TIME = `(\\d{1,3}(?:\\.\\d+)?|${NUMBER_PATTERN})`;
const FROM_TO = new RegExp(
  `\\b(?:from|between)\\s+${TIME}\\s*(?:s|secs?|seconds?)?\\s+(?:to|and|until|till|-)\\s+${TIME}\\s*(?:s|secs?|seconds?)?\\b`,
);
const FIRST_N = new RegExp(`\\b(?:first|to|down to|at|into|keep(?: only)?(?: the)?(?: first)?)\\s+${TIME}[\\s-]*(?:s|secs?|seconds?)\\b`);

/** Trim times: "from 2s to 5s", "between 1 and 4 seconds", "to the first 3 seconds" / "to 3 seconds" (0 to 3). */
function trimTimes(req: ParsedRequest): ToolParams {
  const range = FROM_TO.exec(req.lower);
  if (range) {
    const start = numberValue(range[1]!) ?? 0;
    const end = numberValue(range[2]!) ?? 0;
    if (end > start) return { parameters: { start, end } };
  }
  const first = FIRST_N.exec(req.lower);
  if (first && !/\blast\b/.test(req.lower)) {
    const end = numberValue(first[1]!) ?? 0;
    if (end > 0) return { parameters: { start: 0, end } };
  }
  return { ask: `Where should the cut be? Give the times: "Trim the video from 1s to 4s" or "Trim it to the first 3 seconds".` };
}
