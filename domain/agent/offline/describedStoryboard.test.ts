import { describe, expect, it } from "vitest";
import { edgesBehindCards } from "../../canvas/edgePathTesting";
import { EMPTY_NODE_SIZE, MEDIA_NODE_MAX_SIDE } from "../../canvas/nodeSize";
import { describedBeats, describedFrameCount, peopleIn } from "./describedStoryboard";
import { planOffline } from "./planOffline";
import { planCase } from "./plannerTesting";
import { FINALE, PILOT, STUDIO_NODES } from "./testCanvas";

const plan = (request: string, scripts = [PILOT, FINALE]) => planCase(planOffline, request, { nodes: STUDIO_NODES, scripts });

describe("a storyboard from a description", () => {
  it("plans the frames itself, a shot per beat, with no script in the project", () => {
    const { answer, added, compiled } = plan("make a 4-shot storyboard of a chase in the rain", []);
    expect(answer.plan).not.toBeNull();
    expect(added.map((n) => [n.data.title, n.data.selectedModel, n.data.aspectRatio])).toEqual([
      ["Frame 1: Wide establishing shot", "local/sketch", "16:9"],
      ["Frame 2: Medium shot", "local/sketch", "16:9"],
      ["Frame 3: Close-up", "local/sketch", "16:9"],
      ["Frame 4: Wide shot", "local/sketch", "16:9"],
    ]);
    for (const n of added) expect(n.data.prompt).toContain("a chase in the rain");
    expect(compiled!.runs).toHaveLength(4);
    expect(answer.reply).toMatch(/^Adds 4 storyboard frames of "a chase in the rain", a shot per beat/);
  });

  it("is not stopped by scripts the request does not name", () => {
    const { added } = plan("storyboard of a lighthouse keeper climbing the stairs in 9:16");
    expect(added.filter((n) => n.data.title?.startsWith("Frame"))).toHaveLength(4);
    expect(added.every((n) => !n.data.title?.startsWith("Frame") || n.data.aspectRatio === "9:16")).toBe(true);
    expect(added[0]!.data.prompt).not.toContain("9:16");
  });

  it("adds one character reference per person who recurs, connected into every frame, and runs it first", () => {
    const { added, edges, steps } = plan("storyboard of a detective chasing Maya through the market, 3 frames", []);
    const byY = (a: (typeof added)[number], b: (typeof added)[number]) => a.position.y - b.position.y;
    const refs = added.filter((n) => n.data.title?.startsWith("Character")).sort(byY);
    const frames = added.filter((n) => n.data.title?.startsWith("Frame"));
    // In a column, in the order the description names them.
    expect(refs.map((n) => n.data.title)).toEqual(["Character: detective", "Character: Maya"]);
    expect(frames).toHaveLength(3);
    for (const f of frames) for (const r of refs) expect(edges).toContainEqual([r.id, f.id]);
    // The second reference is queued on its own, then the first with everything after it.
    expect(steps.filter((s) => s.op === "run-node" || s.op === "run-from-here").map((s) => s.op)).toEqual(["run-node", "run-from-here"]);
  });

  it("draws no reference edge behind a frame: the frames stand in a column right of the references", () => {
    const { added, edges } = plan("storyboard of a detective chasing Maya through the market, 4 frames", []);
    expect(edges).toHaveLength(8);
    for (const size of [EMPTY_NODE_SIZE, { width: MEDIA_NODE_MAX_SIDE, height: MEDIA_NODE_MAX_SIDE }]) {
      const cards = added.map((n) => ({ id: n.data.title!, position: n.position, size }));
      const title = (id: string) => added.find((n) => n.id === id)!.data.title!;
      expect(
        edgesBehindCards(
          cards,
          edges.map(([s, t]) => ({ source: title(s), target: title(t) })),
        ),
      ).toEqual([]);
    }
  });

  it("still boards a script's scene when the request names one", () => {
    const { added } = plan("storyboard scene 2 of Pilot");
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((n) => n.data.prompt?.includes("INT. KITCHEN - NIGHT"))).toBe(true);
  });

  it("reads the count and the people", () => {
    expect(describedFrameCount("a 6-frame storyboard of x")).toBe(6);
    expect(describedFrameCount("storyboard of x in five shots")).toBe(5);
    expect(describedFrameCount("storyboard of x")).toBeUndefined();
    expect(describedBeats(1)).toHaveLength(1);
    expect(describedBeats(6).map((b) => b.shot)[0]).toBe("Wide establishing shot");
    expect(peopleIn("a chase in the rain")).toEqual([]);
    expect(peopleIn("an old woman feeds pigeons")).toEqual(["the old woman"]);
  });
});
