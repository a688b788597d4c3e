import { describe, expect, it } from "vitest";
import type { ElementType, ScreenplayElement } from "./elements";
import {
  DOUBLE_PRESS_MS,
  SCENE_SUGGESTIONS,
  characterName,
  characterSuggestions,
  cutToInsertion,
  enterOutcome,
  isDoublePress,
  sceneHeadingSuggestion,
  typeAfterEnter,
  typeAfterShiftTab,
  typeAfterTab,
  typeForShortcut,
} from "./flow";
import { counterIds } from "./fixtures";

describe("Element-type flow on Enter (spec 4)", () => {
  it.each<[ElementType, ElementType]>([
    ["slug", "action"],
    ["action", "action"],
    ["character", "dialogue"],
    ["parenthetical", "dialogue"],
    ["dialogue", "dialogue"],
    ["transition", "action"],
    ["shot", "action"],
  ])("%s gives %s", (type, next) => {
    expect(typeAfterEnter(type, { doublePress: false, empty: false })).toBe(next);
  });

  it("dialogue gives action when Enter is pressed twice quickly", () => {
    expect(typeAfterEnter("dialogue", { doublePress: true, empty: false })).toBe("action");
  });

  it("an empty dialogue gives action", () => {
    expect(typeAfterEnter("dialogue", { doublePress: false, empty: true })).toBe("action");
  });

  it.each<ElementType>(["slug", "action", "character", "parenthetical", "transition", "shot"])(
    "Enter on an empty %s does nothing",
    (type) => {
      expect(typeAfterEnter(type, { doublePress: false, empty: true })).toBeNull();
      expect(enterOutcome(type, { doublePress: false, empty: true })).toEqual({ kind: "none" });
    },
  );

  it("a double press only changes dialogue", () => {
    expect(typeAfterEnter("action", { doublePress: true, empty: false })).toBe("action");
    expect(typeAfterEnter("character", { doublePress: true, empty: false })).toBe("dialogue");
  });

  it("inserts after a non-empty element and retypes an empty dialogue in place", () => {
    expect(enterOutcome("character", { doublePress: false, empty: false })).toEqual({ kind: "insert", type: "dialogue" });
    expect(enterOutcome("dialogue", { doublePress: true, empty: true })).toEqual({ kind: "convert", type: "action" });
  });
});

describe("Tab (spec 4)", () => {
  it.each<[ElementType, ElementType]>([
    ["slug", "transition"],
    ["action", "character"],
    ["character", "parenthetical"],
    ["parenthetical", "transition"],
    ["dialogue", "parenthetical"],
    ["transition", "slug"],
    ["shot", "transition"],
  ])("%s goes to %s", (type, next) => {
    expect(typeAfterTab(type, { doublePress: false })).toBe(next);
  });

  it.each<[ElementType, ElementType]>([
    ["action", "transition"],
    ["character", "transition"],
  ])("twice on %s goes to %s", (type, next) => {
    expect(typeAfterTab(type, { doublePress: true })).toBe(next);
  });

  it("action, Tab, quick Tab ends on transition (the second press arrives on the new character)", () => {
    const first = typeAfterTab("action", { doublePress: false });
    expect(typeAfterTab(first, { doublePress: true })).toBe("transition");
  });

  it.each<ElementType>(["slug", "parenthetical", "dialogue", "transition", "shot"])("a double Tab on %s is a plain Tab", (type) => {
    expect(typeAfterTab(type, { doublePress: true })).toBe(typeAfterTab(type, { doublePress: false }));
  });
});

describe("Shift+Tab (spec 4)", () => {
  it.each<[ElementType, ElementType]>([
    ["slug", "transition"],
    ["action", "slug"],
    ["character", "action"],
    ["parenthetical", "character"],
    ["dialogue", "character"],
    ["transition", "action"],
    ["shot", "action"],
  ])("%s goes to %s", (type, next) => {
    expect(typeAfterShiftTab(type)).toBe(next);
  });
});

describe("double press (spec 4: within 500 ms on the same element)", () => {
  it.each<[string, { elementId: string; at: number } | null, string, number, boolean]>([
    ["no earlier press", null, "a", 1000, false],
    ["same element, 100 ms later", { elementId: "a", at: 1000 }, "a", 1100, true],
    ["same element, exactly 500 ms later", { elementId: "a", at: 1000 }, "a", 1500, true],
    ["same element, 501 ms later", { elementId: "a", at: 1000 }, "a", 1501, false],
    ["another element, 100 ms later", { elementId: "a", at: 1000 }, "b", 1100, false],
    ["a clock that went backwards", { elementId: "a", at: 1000 }, "a", 900, false],
  ])("%s → %s", (_name, prev, id, now, expected) => {
    expect(isDoublePress(prev, id, now)).toBe(expected);
  });

  it("uses a 500 ms window", () => {
    expect(DOUBLE_PRESS_MS).toBe(500);
  });
});

describe("Ctrl/Cmd+1..7 (spec 4)", () => {
  it.each<[number, ElementType | null]>([
    [1, "slug"],
    [2, "action"],
    [3, "character"],
    [4, "dialogue"],
    [5, "parenthetical"],
    [6, "transition"],
    [7, "shot"],
    [0, null],
    [8, null],
    [1.5, null],
  ])("%s sets %s", (digit, type) => {
    expect(typeForShortcut(digit)).toBe(type);
  });
});

describe("Ctrl/Cmd+Enter (spec 4)", () => {
  it("inserts a 'CUT TO:' transition followed by a new slug starting with 'INT. '", () => {
    expect(cutToInsertion(counterIds())).toEqual([
      { id: "e1", type: "transition", content: "CUT TO:" },
      { id: "e2", type: "slug", content: "INT. " },
    ]);
  });

  it("gives fresh ids by default", () => {
    const [a, b] = cutToInsertion();
    expect(a.id).not.toBe(b.id);
  });
});

describe("scene-heading suggestions (spec 4)", () => {
  it("offers the spec's words in order", () => {
    expect(SCENE_SUGGESTIONS).toEqual([
      "INT.",
      "EXT.",
      "DAY",
      "NIGHT",
      "MORNING",
      "AFTERNOON",
      "EVENING",
      "CONTINUOUS",
      "LATER",
      "SAME TIME",
      "MOMENTS LATER",
    ]);
  });

  it.each<[string, { value: string; text: string } | null]>([
    ["", { value: "INT.", text: "INT. " }],
    ["I", { value: "INT.", text: "INT. " }],
    ["in", { value: "INT.", text: "INT. " }],
    ["INT", { value: "INT.", text: "INT. " }],
    ["E", { value: "EXT.", text: "EXT. " }],
    ["INT.", null],
    ["INT. HOUSE", null],
    ["INT. -", null],
    ["INT. HOUSE -", { value: "DAY", text: "INT. HOUSE - DAY" }],
    ["INT. HOUSE - ", { value: "DAY", text: "INT. HOUSE - DAY" }],
    ["INT. HOUSE - N", { value: "NIGHT", text: "INT. HOUSE - NIGHT" }],
    ["EXT. PARK - m", { value: "MORNING", text: "EXT. PARK - MORNING" }],
    ["EXT. PARK - MOM", { value: "MOMENTS LATER", text: "EXT. PARK - MOMENTS LATER" }],
    ["EXT. PARK - SAME", { value: "SAME TIME", text: "EXT. PARK - SAME TIME" }],
    ["INT. HOUSE - KITCHEN - C", { value: "CONTINUOUS", text: "INT. HOUSE - KITCHEN - CONTINUOUS" }],
    ["INT. HOUSE - DAY", null],
    ["INT. HOUSE - KITCHEN", null],
    ["INT. JEAN-", null],
    ["The car stops", null],
  ])("%j suggests %j", (text, expected) => {
    expect(sceneHeadingSuggestion(text)).toEqual(expected);
  });
});

describe("character suggestions", () => {
  const el = (content: string, type: ElementType = "character"): ScreenplayElement => ({ id: content, type, content });
  const elements = [
    el("ANNA"),
    el("JOE"),
    el("JOE (CONT'D)"),
    el("Joe (V.O.)"),
    el("JOHN"),
    el("JOHN (O.S.)"),
    el("ZOË"),
    el("JOEY is late", "action"),
  ];

  it("strips CONT'D/V.O. extensions, so 'JOE (CONT'D)' counts as JOE", () => {
    expect(characterName("JOE (CONT'D)")).toBe("JOE");
    expect(characterName("JOE (V.O.) (CONT'D)")).toBe("JOE");
  });

  it("lists the names used in the script, most frequent first", () => {
    expect(characterSuggestions(elements, "")).toEqual(["JOE", "JOHN", "ANNA", "ZOË"]);
  });

  it("filters by a case-insensitive prefix and leaves out the name typed in full", () => {
    expect(characterSuggestions(elements, "jo")).toEqual(["JOE", "JOHN"]);
    expect(characterSuggestions(elements, "JOE")).toEqual([]);
    expect(characterSuggestions(elements, "zo")).toEqual(["ZOË"]);
  });

  it("can skip the element being typed and cap the list", () => {
    expect(
      characterSuggestions([...elements, { id: "typing", type: "character", content: "ZORRO" }], "Z", { excludeId: "typing" }),
    ).toEqual(["ZOË"]);
    expect(characterSuggestions(elements, "", { limit: 2 })).toEqual(["JOE", "JOHN"]);
  });
});
