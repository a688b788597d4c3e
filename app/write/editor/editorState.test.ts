import { describe, expect, it } from "vitest";
import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import {
  changeType,
  createElementStore,
  insertAfter,
  insertBlankBefore,
  keyHints,
  mergeNext,
  mergeWithPrevious,
  pasteElements,
  removeElement,
  sceneIdAt,
  sceneList,
  scriptToText,
  splitAt,
  updateContent,
  withAtLeastOne,
  wordCount,
} from "./editorState";

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};
const el = (id: string, type: ScreenplayElement["type"], content: string, extra: Partial<ScreenplayElement> = {}): ScreenplayElement => ({
  id,
  type,
  content,
  ...extra,
});
const doc = [
  el("a", "slug", "INT. HOUSE - DAY"),
  el("b", "action", "Rain."),
  el("c", "character", "ANNA"),
  el("d", "dialogue", "Hello there."),
];
const shape = (els: readonly ScreenplayElement[]) => els.map((e) => `${e.type}:${e.content}`);

describe("editor element operations", () => {
  it("opens an empty script on one empty scene heading", () => {
    expect(withAtLeastOne([], () => "x")).toEqual([{ id: "x", type: "slug", content: "" }]);
    expect(withAtLeastOne(doc)).toEqual(doc);
  });

  it("updates content, returning the same list when nothing changed", () => {
    expect(updateContent(doc, "b", "Rain.")).toBe(doc);
    const next = updateContent(doc, "b", "Snow.");
    expect(next[1]!.content).toBe("Snow.");
    expect(next[0]).toBe(doc[0]); // untouched rows keep their identity (memoised rows stay put)
    expect(doc[1]!.content).toBe("Rain.");
  });

  it("changes the type and drops fields that only fit the old type", () => {
    const withNumber = [el("a", "slug", "INT. X - DAY", { sceneNumber: "4A" })];
    expect(changeType(withNumber, "a", "action")[0]).toEqual({ id: "a", type: "action", content: "INT. X - DAY" });
    expect(changeType(doc, "a", "slug")).toBe(doc);
  });

  it("inserts after an element and focuses the end of the last inserted", () => {
    const r = insertAfter(doc, "b", [el("x", "transition", "CUT TO:"), el("y", "slug", "INT. ")]);
    expect(shape(r.elements)).toEqual([
      "slug:INT. HOUSE - DAY",
      "action:Rain.",
      "transition:CUT TO:",
      "slug:INT. ",
      "character:ANNA",
      "dialogue:Hello there.",
    ]);
    expect(r.focus).toEqual({ id: "y", caret: "end" });
  });

  it("splits at the caret: the text after it moves to a new element of the given type", () => {
    const r = splitAt(doc, "b", 2, 2, "action", ids());
    expect(shape(r.elements).slice(1, 3)).toEqual(["action:Ra", "action:in."]);
    expect(r.focus).toEqual({ id: "new-1", caret: 0 });
  });

  it("replaces a selection when splitting", () => {
    const r = splitAt([el("a", "dialogue", "Hello there.")], "a", 5, 11, "dialogue", ids());
    expect(shape(r.elements)).toEqual(["dialogue:Hello", "dialogue:."]);
  });

  it("inserts an empty element of the same type above", () => {
    const r = insertBlankBefore(doc, "c", ids());
    expect(shape(r.elements).slice(2, 4)).toEqual(["character:", "character:ANNA"]);
    expect(r.focus).toEqual({ id: "c", caret: 0 });
  });

  it("removes an element and focuses the end of the previous, never the last element", () => {
    const r = removeElement(doc, "c")!;
    expect(r.elements.map((e) => e.id)).toEqual(["a", "b", "d"]);
    expect(r.focus).toEqual({ id: "b", caret: "end" });
    expect(removeElement(doc, "a")!.focus).toEqual({ id: "b", caret: 0 });
    expect(removeElement([el("only", "action", "")], "only")).toBeNull();
  });

  it("merges with the previous and the next element", () => {
    const back = mergeWithPrevious(doc, "b")!;
    expect(shape(back.elements)[0]).toBe("slug:INT. HOUSE - DAYRain.");
    expect(back.focus).toEqual({ id: "a", caret: 16 });
    expect(mergeWithPrevious(doc, "a")).toBeNull();
    const fwd = mergeNext(doc, "c")!;
    expect(shape(fwd.elements)[2]).toBe("character:ANNAHello there.");
    expect(mergeNext(doc, "d")).toBeNull();
  });

  it("pastes typed lines: into an empty element, the first line takes its place", () => {
    const r = pasteElements(
      [el("a", "action", "")],
      "a",
      0,
      0,
      [
        { type: "slug", content: "EXT. PARK - DAY" },
        { type: "character", content: "JOE" },
        { type: "dialogue", content: "Hi." },
      ],
      ids(),
    );
    expect(shape(r.elements)).toEqual(["slug:EXT. PARK - DAY", "character:JOE", "dialogue:Hi."]);
    expect(r.elements[0]!.id).toBe("a");
    expect(r.focus).toEqual({ id: "new-3", caret: "end" });
  });

  it("pastes into the middle of text: before stays, after becomes an element of the original type", () => {
    const r = pasteElements(
      [el("a", "action", "Left right")],
      "a",
      4,
      5,
      [
        { type: "character", content: "JOE" },
        { type: "dialogue", content: "Hi." },
      ],
      ids(),
    );
    expect(shape(r.elements)).toEqual(["action:Left", "character:JOE", "dialogue:Hi.", "action:right"]);
    expect(r.focus!.id).toBe(r.elements[2]!.id);
  });

  it("copies the script as Fountain-like text", () => {
    const text = scriptToText([
      el("a", "slug", "int. house - day"),
      el("b", "action", "Rain."),
      el("c", "character", "anna"),
      el("d", "parenthetical", "quietly"),
      el("e", "dialogue", "Hello."),
      el("f", "transition", "cut to:"),
      el("g", "action", ""),
    ]);
    expect(text).toBe("INT. HOUSE - DAY\n\nRain.\n\nANNA\n(quietly)\nHello.\n\nCUT TO:\n");
  });

  it("lists scenes with their own numbers, else counted", () => {
    const list = sceneList([
      el("a", "slug", "INT. A - DAY"),
      el("b", "action", "x"),
      el("c", "slug", "EXT. B - NIGHT", { sceneNumber: "7A" }),
      el("d", "slug", ""),
    ]);
    expect(list).toEqual([
      { id: "a", number: "1", heading: "INT. A - DAY" },
      { id: "c", number: "7A", heading: "EXT. B - NIGHT" },
      { id: "d", number: "3", heading: "" },
    ]);
  });

  it("finds the scene holding an element", () => {
    expect(sceneIdAt(doc, "d")).toBe("a");
    expect(sceneIdAt([el("x", "action", "cold open"), ...doc], "x")).toBeNull();
    expect(sceneIdAt(doc, null)).toBeNull();
  });

  it("counts words", () => {
    expect(wordCount(doc)).toBe(4 + 1 + 1 + 2);
    expect(wordCount([el("a", "action", "   ")])).toBe(0);
  });

  it("hints what each key makes of the current type (from flow.ts)", () => {
    expect(keyHints("action", false)).toEqual({
      enter: "action",
      enterTwice: "action",
      tab: "character",
      tabTwice: "transition",
      shiftTab: "slug",
    });
    expect(keyHints("dialogue", false)).toMatchObject({
      enter: "dialogue",
      enterTwice: "action",
      tab: "parenthetical",
      shiftTab: "character",
    });
    expect(keyHints("character", false)).toMatchObject({ enter: "dialogue", tab: "parenthetical", tabTwice: "transition" });
    expect(keyHints("slug", true)).toMatchObject({ enter: null, enterTwice: null });
    expect(keyHints("dialogue", true)).toMatchObject({ enter: "action" });
  });

  it("store notifies only on a new list", () => {
    const store = createElementStore(doc);
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(doc);
    store.set(updateContent(doc, "a", "EXT."));
    expect(calls).toBe(1);
    expect(store.get()[0]!.content).toBe("EXT.");
  });
});
