import { describe, expect, it } from "vitest";
import { autoContinuedCues, withAutoContinueds } from "./autoContinueds";
import { element as el } from "./fixtures";
import { FD_DEFAULTS, type ScriptFormat } from "./format";
import { paginate } from "./paginate";

const cueTexts = (els: Parameters<typeof paginate>[0], format?: ScriptFormat) =>
  paginate(els, { paper: "letter", format: format ?? null }).flatMap((p) =>
    p.lines.filter((l) => l.kind === "character").map((l) => l.text),
  );

describe("automatic character continueds", () => {
  const joe1 = el("character", "JOE");
  const joe2 = el("character", "JOE (V.O.)");
  const scene = [el("slug", "INT. BAR - NIGHT"), joe1, el("dialogue", "One."), el("action", "He drinks."), joe2, el("dialogue", "Two.")];

  it("marks a cue whose character spoke last in the scene with only action between", () => {
    expect([...autoContinuedCues(scene)]).toEqual([joe2.id]);
  });

  it("does not mark across a scene heading, a transition, another speaker, a dual pair or with nothing between", () => {
    const a = el("character", "JOE");
    const cases = [
      [joe1, el("dialogue", "One."), el("slug", "EXT. STREET - DAY"), el("action", "Rain."), a, el("dialogue", "Two.")],
      [joe1, el("dialogue", "One."), el("action", "Rain."), el("transition", "CUT TO:"), el("action", "Rain."), a, el("dialogue", "Two.")],
      [joe1, el("dialogue", "One."), el("character", "ANN"), el("dialogue", "Hi."), el("action", "Rain."), a, el("dialogue", "Two.")],
      [
        joe1,
        el("dialogue", "One."),
        el("character", "JOE", { dual: true }),
        el("dialogue", "Hi.", { dual: true }),
        el("action", "Rain."),
        a,
        el("dialogue", "Two."),
      ],
      [joe1, el("dialogue", "One."), a, el("dialogue", "Two.")],
    ];
    for (const els of cases) expect(autoContinuedCues(els).has(a.id)).toBe(false);
  });

  it("prints the file's DialogueTop text on the cue, not in the script's text, and only when the file asks", () => {
    expect(cueTexts(scene)).toEqual(["JOE", "JOE (V.O.) (CONT'D)"]);
    expect(cueTexts(scene, { continueds: { contd: "(WEITER)" } })).toEqual(["JOE", "JOE (V.O.) (WEITER)"]);
    expect(cueTexts(scene, { continueds: { automaticCharacterContinueds: false } })).toEqual(["JOE", "JOE (V.O.)"]);
    expect(joe2.content).toBe("JOE (V.O.)");
    expect(withAutoContinueds(scene, FD_DEFAULTS.continueds)[4]!.content).toBe("JOE (V.O.) (CONT'D)");
  });

  it("is on by default (Final Draft's new-script default) and never doubles a written CONT'D", () => {
    expect(FD_DEFAULTS.continueds.automaticCharacterContinueds).toBe(true);
    const written = [joe1, el("dialogue", "One."), el("action", "He drinks."), el("character", "JOE (CONT'D)"), el("dialogue", "Two.")];
    expect(cueTexts(written)).toEqual(["JOE", "JOE (CONT'D)"]);
  });
});
