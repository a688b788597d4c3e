/**
 * Test and benchmark fixtures: a seeded script generator and (re-exported) hand-written samples.
 * Generated content is canonical for both Fountain and FDX (trimmed, no empty elements, dialogue lines
 * never start with '('), so round trips can compare with toEqual.
 */
import { seededRandom } from "../seededRandom";
import type { ParsedScript, ScreenplayElement, TitlePage } from "./elements";

export { FDX_SAMPLE, FOUNTAIN_SAMPLE } from "./fixtureSamples";

const PLACES = ["KITCHEN", "ÅLESUND HARBOUR", "МОСКВА METRO", "東京 ROOFTOP", "CAR - MOVING", "WAREHOUSE", "ZOË'S FLAT", "POLICE STATION"];
const INTROS = ["INT.", "EXT.", "INT./EXT."];
const TIMES = ["DAY", "NIGHT", "CONTINUOUS", "LATER", "DAWN", "MOMENTS LATER"];
/** Upper-case Latin and Cyrillic names read as cues; 'McCLANE' and '健二' need Fountain's '@'. */
const NAMES = ["ANNA", "ZOË", "KENJI", "МАША", "McCLANE", "健二", "DMITRI"];
const EXTENSIONS = ["", "", "", " (V.O.)", " (O.S.)", " (CONT'D)"];
const WORDS = (
  "the light falls across the floor and she waits by the door while rain keeps hitting the glass " +
  "nobody moves a cup rattles somewhere far away he counts the seconds under his breath"
).split(" ");
const SPECIAL_ACTION = [
  "Zoë smiles at the window in Ålesund.",
  "A sign reads Москва in red letters.",
  "Neon kanji spell 東京 across the wet street.",
  "*Quietly*, she opens **the letter**.",
  "INT. is chalked on the door, nothing else.",
  "BOOM.",
];
const SPECIAL_DIALOGUE = ["Москва ждёт.", "東京に行こう。", "**Never.**", "_Listen_ to me.", "Zoë? Is that you?"];
const PARENTHETICALS = ["(beat)", "(quietly)", "(in Russian)", "(to Kenji)", "(smiling)"];
const TRANSITIONS = ["CUT TO:", "DISSOLVE TO:", "SMASH CUT TO:", "MATCH CUT TO:", "FADE OUT."];
const SHOTS = ["ANGLE ON THE DOOR", "CLOSE ON ZOË'S HANDS", "POV - THROUGH THE WINDOW"];

export const GENERATED_TITLE_PAGE: TitlePage = {
  title: "THE LONG NIGHT IN ÅLESUND",
  credit: "Written by",
  author: "Zoë Marchetti & Kenji Sato",
  source: "Based on the novel by Иван Петров",
  draftDate: "Third draft, 2024-05-01",
  contact: "Reelgraph Pictures\n1 Harbour Street\nÅlesund, Norway",
};

/** Rough printed height in lines (blank line before + wrapped text), for sizing only. */
function estimatedLines(el: ScreenplayElement): number {
  const width = { action: 60, slug: 60, shot: 60, transition: 60, character: 38, parenthetical: 25, dialogue: 35 }[el.type];
  const text = el.content.split("\n").reduce((n, line) => n + Math.max(1, Math.ceil(line.length / width)), 0);
  const gap = el.type === "dialogue" || el.type === "parenthetical" ? 0 : el.type === "slug" ? 2 : 1;
  return text + gap;
}

/** Estimated lines per printed page, calibrated so 120 requested pages paginate to about 120 Letter pages. */
const LINES_PER_PAGE = 56;

/** A deterministic script of about `pages` pages for tests and benchmarks. */
export function generateScript({ pages = 120, seed = 1 }: { pages?: number; seed?: number } = {}): ParsedScript {
  const rand = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const elements: ScreenplayElement[] = [];
  let lines = 0;
  let scene = 0;
  const add = (el: Omit<ScreenplayElement, "id">) => {
    const full = { id: `gen-${elements.length + 1}`, ...el } as ScreenplayElement;
    elements.push(full);
    lines += estimatedLines(full);
    return full;
  };
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    const words = Array.from({ length: n }, () => pick(WORDS));
    const text = words.join(" ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const action = () =>
    rand() < 0.2 ? pick(SPECIAL_ACTION) : Array.from({ length: 1 + Math.floor(rand() * 4) }, () => sentence(6, 16)).join(" ");
  const speech = (name: string, dual: boolean) => {
    const flag = dual ? { dual: true } : {};
    add({ type: "character", content: `${name}${pick(EXTENSIONS)}`, ...flag });
    if (rand() < 0.3) add({ type: "parenthetical", content: pick(PARENTHETICALS), ...flag });
    add({ type: "dialogue", content: rand() < 0.2 ? pick(SPECIAL_DIALOGUE) : sentence(3, 24), ...flag });
    if (rand() < 0.15) add({ type: "dialogue", content: sentence(3, 12), ...flag });
    if (rand() < 0.15) {
      add({ type: "parenthetical", content: pick(PARENTHETICALS), ...flag });
      add({ type: "dialogue", content: `${sentence(2, 8)}\n${sentence(2, 8)}`, ...flag });
    }
  };

  while (lines < pages * LINES_PER_PAGE) {
    scene++;
    const number = scene % 17 === 0 ? `${scene - 1}A` : String(scene);
    const heading = add({ type: "slug", content: `${pick(INTROS)} ${pick(PLACES)} - ${pick(TIMES)}`, sceneNumber: number });
    if (scene % 25 === 0) heading.pageBreakBefore = true;
    const beats = 3 + Math.floor(rand() * 6);
    for (let beat = 0; beat < beats; beat++) {
      const roll = rand();
      if (roll < 0.3) add({ type: "action", content: rand() < 0.15 ? `${action()}\n${action()}` : action() });
      else if (roll < 0.85) speech(pick(NAMES), false);
      else if (roll < 0.92) {
        speech(pick(NAMES), false);
        speech(pick(NAMES), true);
      } else add({ type: "shot", content: pick(SHOTS) });
    }
    if (rand() < 0.35) add({ type: "transition", content: pick(TRANSITIONS) });
  }
  add({ type: "action", content: "THE END", centered: true });
  return { elements, titlePage: { ...GENERATED_TITLE_PAGE } };
}

/** An id factory giving 'e1', 'e2', … so parsed scripts compare in tests. */
export function counterIds(prefix = "e"): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/** The script without element ids (no file format keeps the editor's ids), for round-trip comparisons. */
export function withoutIds(script: ParsedScript): { titlePage: TitlePage; elements: Omit<ScreenplayElement, "id">[] } {
  return { titlePage: script.titlePage, elements: script.elements.map(({ id: _id, ...rest }) => rest) };
}

let elementCount = 0;
/** One element for a test, with a fresh id: `element("dialogue", "Hi.", { dual: true })`. */
export function element(type: ScreenplayElement["type"], content: string, extra: Partial<ScreenplayElement> = {}): ScreenplayElement {
  return { id: `t${++elementCount}`, type, content, ...extra };
}
