/**
 * The words the breakdown rules read a scene by ("shots proposed from the scene's beats by clear
 * rules"). Lists, not clever parsing: a writer can see why a shot was proposed, and a missing word is a
 * one-line fix.
 */
import type { Movement } from "../shotlists/constants";

/** Verbs of motion in action lines, by the camera movement that follows them (first match wins). */
export const MOTION_VERBS: ReadonlyArray<{ movement: Movement; verbs: readonly string[] }> = [
  {
    movement: "Tracking",
    verbs: [
      "walk",
      "run",
      "race",
      "rush",
      "chase",
      "follow",
      "drive",
      "ride",
      "cross",
      "stride",
      "hurry",
      "march",
      "wander",
      "pace",
      "stroll",
      "sprint",
      "flee",
      "approach",
      "storm",
      "limp",
      "stagger",
      "dash",
      "charge",
    ],
  },
  {
    movement: "Tilt",
    verbs: ["climb", "fall", "rise", "stand", "descend", "jump", "leap", "drop", "kneel", "collapse", "ascend", "lift", "plunge", "tumble"],
  },
  {
    movement: "Pan",
    verbs: ["turn", "glance", "scan", "look", "spin", "swing", "sweep", "survey", "pivot", "whirl"],
  },
];

/** A verb's forms as they appear in action ("walks", "walking", "walked", "ran"…). */
const IRREGULAR: Readonly<Record<string, string>> = {
  ran: "run",
  rode: "ride",
  drove: "drive",
  fell: "fall",
  rose: "rise",
  stood: "stand",
  leapt: "leap",
  swung: "swing",
  spun: "spin",
  knelt: "kneel",
  fled: "flee",
};

/** The base verb of a word, when it is a form of one of MOTION_VERBS. */
export function motionVerbOf(word: string): string | undefined {
  const w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w];
  const candidates = [
    w,
    w.replace(/s$/, ""),
    w.replace(/es$/, ""),
    w.replace(/ing$/, ""),
    w.replace(/ing$/, "e"),
    w.replace(/ed$/, ""),
    w.replace(/ed$/, "e"),
    w.replace(/(.)\1ing$/, "$1"),
    w.replace(/(.)\1ed$/, "$1"),
  ];
  return candidates.find((c) => ALL_MOTION_VERBS.has(c));
}
const ALL_MOTION_VERBS = new Set(MOTION_VERBS.flatMap((g) => g.verbs));

export function movementOfVerb(verb: string): Movement | undefined {
  return MOTION_VERBS.find((g) => g.verbs.includes(verb))?.movement;
}

/** Parentheticals that carry an emotion the camera should be close for. */
export const EMOTION_WORDS = [
  "cry",
  "crying",
  "tears",
  "tearful",
  "sob",
  "sobbing",
  "angry",
  "angrily",
  "furious",
  "shaking",
  "trembling",
  "whisper",
  "whispering",
  "whispers",
  "quietly",
  "softly",
  "scared",
  "terrified",
  "afraid",
  "desperate",
  "heartbroken",
  "hurt",
  "bitter",
  "bitterly",
  "choking",
  "broken",
  "pleading",
  "shocked",
  "stunned",
  "horrified",
  "laughing",
  "smiling",
  "beaming",
  "devastated",
  "ashamed",
  "moved",
  "overwhelmed",
  "nervous",
  "nervously",
  "hesitant",
  "yelling",
  "screaming",
  "emotional",
  "grief",
  "grieving",
  "fighting tears",
  "on the verge",
  "sadly",
  "gently",
] as const;

/** Capitalised words in action that are not props (screenplay shorthand and sounds writers capitalise). */
export const NOT_PROPS = new Set([
  "INT",
  "EXT",
  "I/E",
  "EST",
  "DAY",
  "NIGHT",
  "CONT'D",
  "CONTINUED",
  "CONT",
  "V.O",
  "O.S",
  "O.C",
  "POV",
  "CUT",
  "TO",
  "FADE",
  "IN",
  "OUT",
  "BACK",
  "SCENE",
  "THE",
  "END",
  "A",
  "AN",
  "OF",
  "AND",
  "OK",
  "OKAY",
  "TV",
  "MORE",
  "LATER",
  "MOMENTS",
  "SUPER",
  "TITLE",
  "CARD",
  "FLASHBACK",
  "INSERT",
  "ANGLE",
  "ON",
  "CLOSE",
  "WIDE",
  "SFX",
  "VFX",
  "MOS",
  "I",
  "US",
  "UK",
  "FBI",
  "CIA",
  "NYPD",
  "LAPD",
  "BANG",
  "BOOM",
  "CRASH",
  "SLAM",
  "RING",
  "BEEP",
  "THUD",
  "SMASH",
  "CLICK",
  "KNOCK",
  "WHAM",
  "SILENCE",
]);

/** Lighting proposed from a heading's time of day ("lighting proposed from the time of day"). */
export function lightingFor(timeOfDay: string | null): string | null {
  if (!timeOfDay) return null;
  const t = timeOfDay.toUpperCase();
  if (/DAWN|SUNRISE|FIRST LIGHT/.test(t)) return "Dawn: cool low light, soft blue hour";
  if (/DUSK|SUNSET|MAGIC HOUR|GOLDEN/.test(t)) return "Golden hour: warm low sun, long shadows";
  if (/EVENING/.test(t)) return "Evening: warm practicals, fading daylight";
  if (/NIGHT|MIDNIGHT/.test(t)) return "Night: motivated practicals and moonlight, deep shadows";
  if (/MORNING/.test(t)) return "Morning: soft natural daylight";
  if (/DAY|AFTERNOON|NOON/.test(t)) return "Day: natural daylight";
  return null;
}

/** Weather named in a scene's action, when any. */
export const WEATHER_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\b(thunder\w*|lightning|storms?|stormy)\b/i, "Storm"],
  [/\b(rain|rains|raining|rainy|rained|drizzle|drizzling|downpour)\b/i, "Rain"],
  [/\b(snow|snows|snowing|snowy|blizzard|sleet)\b/i, "Snow"],
  [/\b(fog|foggy|mist|misty|haze|hazy)\b/i, "Fog"],
  // Whole words: "window" and "windshield" are not weather.
  [/\b(wind|winds|windy|gusts?|gusting|gale)\b/i, "Wind"],
  [/\b(sun-?drenched|blazing sun|heat wave|scorching)\b/i, "Hot, sunny"],
];
