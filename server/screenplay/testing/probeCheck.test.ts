import { describe, expect, it } from "vitest";
import { element as el } from "../../../domain/screenplay/fixtures";
import { checkProbe, type Probe } from "./probeCheck";

const padding = Array.from({ length: 49 }, (_, i) => `filler line ${i}`).join("\n");
const script = [
  el("action", padding),
  el("character", "EDWARD"),
  el("dialogue", "Will never told you that?"),
  el("parenthetical", "(she shakes her head)"),
  el("dialogue", "Fuck it. He'd have told it wrong. All the facts and none of the flavor."),
];
const probe = (expected: Probe["expected"]): Probe => ({
  probe_id: "p",
  status: "active",
  lines_per_page: 54,
  target: { kind: "dialogue", contains_text: "Fuck it.", speaker: "EDWARD" },
  expected,
});

describe("Final Draft probes against our pagination", () => {
  it("agrees when the speech splits where Final Draft split it", () => {
    const result = checkProbe(
      script,
      probe({
        kind: "split",
        top_page: 1,
        bottom_page: 2,
        top_fragment_ends_with: "He'd have told it wrong.",
        bottom_fragment_starts_with: "All the facts",
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("differs, and says what we did, when Final Draft pushed the speech whole", () => {
    const result = checkProbe(script, probe({ kind: "push-whole", absent_from_page: 1, whole_on_page: 2, starts_with: "Will" }));
    expect(result.ok).toBe(false);
    expect(result.ours).toMatch(/^split 1\/2: /);
  });

  it("reports a probe whose text no speech holds", () => {
    const result = checkProbe(script, {
      ...probe({ kind: "push-whole", absent_from_page: 2, whole_on_page: 1, starts_with: "x" }),
      target: { kind: "dialogue", contains_text: "nowhere" },
    });
    expect(result).toEqual({ ok: false, ours: "no speech holds “nowhere”" });
  });
});
