import { describe, expect, it } from "vitest";
import { buildScript, plannerCase, type NodeSpec } from "./plannerTesting";
import { parseRequest } from "./requestText";
import { charactersIn, charactersOf, sceneIn, scriptIn } from "./scriptRefs";
import { allOfKindIn, nodesNamed, subjectsOf } from "./subjects";

const nodes: NodeSpec[] = [
  { id: "a", kind: "image", title: "Harbour" },
  { id: "b", kind: "image", title: "Harbour at night" },
  { id: "t", kind: "text", title: "Idea" },
  { id: "v", kind: "video", title: "Clip" },
];
const ids = (request: string, spec: Parameters<typeof plannerCase>[1] = {}, kinds?: Parameters<typeof subjectsOf>[2]) => {
  const { input } = plannerCase(request, { nodes, ...spec });
  return subjectsOf(input, parseRequest(request), kinds).nodes.map((n) => n.id);
};

describe("subjectsOf", () => {
  it("takes the selection, else the agent's context", () => {
    expect(ids("upscale this", { selection: ["b"], context: ["a"] })).toEqual(["b"]);
    expect(ids("upscale this", { context: ["a"] })).toEqual(["a"]);
    expect(ids("upscale this")).toEqual([]);
  });

  it("uses every node in the context when the selection is one of them", () => {
    expect(ids("upscale these", { selection: ["b"], context: ["a", "b"] })).toEqual(["a", "b"]);
    // A selection beyond the context is the user's own pick.
    expect(ids("upscale these", { selection: ["v", "b"], context: ["a", "b"] }, ["image", "video"])).toEqual(["v", "b"]);
  });

  it("keeps the kinds asked for and reports the others", () => {
    const { input } = plannerCase("upscale these", { nodes, selection: ["a", "t"] });
    const s = subjectsOf(input, parseRequest("upscale these"), ["image"]);
    expect([s.nodes.map((n) => n.id), s.skipped.map((n) => n.id)]).toEqual([["a"], ["t"]]);
  });

  it("reads 'every image' as the canvas's images when nothing is picked, and the picked ones otherwise", () => {
    expect(ids("upscale every image")).toEqual(["a", "b"]);
    expect(ids("upscale every image", { selection: ["b", "v"] })).toEqual(["b"]);
    expect(ids("upscale every image on the canvas", { selection: ["b"] })).toEqual(["a", "b"]);
    // None of the picked ones is an image: the canvas's images are meant.
    expect(ids("upscale all the images", { selection: ["v"] })).toEqual(["a", "b"]);
  });

  it("takes a node named outright over the selection", () => {
    expect(ids("rename the node called Idea to Pitch", { selection: ["a"] })).toEqual(["t"]);
    expect(ids(`upscale "Harbour at night"`, { selection: ["a"] })).toEqual(["b"]);
  });

  it("finds nodes by whole titles written in the request when nothing is picked", () => {
    expect(ids("animate harbour at night")).toEqual(["b"]);
  });
});

describe("nodesNamed / allOfKindIn", () => {
  it("prefers an exact title, then a title that starts with the words", () => {
    const { input } = plannerCase("", { nodes });
    expect(nodesNamed(input.canvas.nodes, "harbour").map((n) => n.id)).toEqual(["a"]);
    expect(nodesNamed(input.canvas.nodes, "the Clip node").map((n) => n.id)).toEqual(["v"]);
    expect(nodesNamed(input.canvas.nodes, "harbour image").map((n) => n.id)).toEqual(["a"]);
  });

  it("reads the kind of 'every …'", () => {
    expect(allOfKindIn("upscale all the pictures")).toBe("image");
    expect(allOfKindIn("run every clip")).toBe("video");
    expect(allOfKindIn("run everything")).toBe("any");
    expect(allOfKindIn("run these")).toBeUndefined();
  });
});

describe("scripts, scenes and characters", () => {
  const pilot = buildScript("s1", "Pilot", [
    { heading: "EXT. HARBOUR - DAWN", lines: [["dialogue", "Late again.", "NELL"]] },
    {
      heading: "INT. KITCHEN - NIGHT",
      number: "2A",
      lines: [
        ["dialogue", "Who's there?", "NELL (V.O.)"],
        ["dialogue", "Me.", "MARCUS"],
      ],
    },
    { heading: "EXT. CLIFF - DAY", lines: [] },
  ]);
  const finale = buildScript("s2", "Finale", []);
  const pick = (request: string, scripts = [pilot, finale]) => scriptIn(plannerCase(request, { scripts }).input, parseRequest(request));

  it("finds the script by name, the only one without a name, else asks which", () => {
    expect(pick("storyboard scene 2 of pilot")).toEqual({ script: pilot });
    expect(pick("storyboard scene 2", [pilot])).toEqual({ script: pilot });
    expect(pick("storyboard scene 2")).toEqual({ missing: expect.stringContaining(`"Pilot", "Finale"`) });
  });

  it("finds a scene by heading number, place, ordinal, 'last' or heading words", () => {
    expect(sceneIn(pilot, "scene 2a")?.heading).toBe("INT. KITCHEN - NIGHT");
    expect(sceneIn(pilot, "scene 3")?.heading).toBe("EXT. CLIFF - DAY");
    expect(sceneIn(pilot, "scene two")?.index).toBe(2);
    expect(sceneIn(pilot, "the second scene")?.index).toBe(2);
    expect(sceneIn(pilot, "the last scene")?.index).toBe(3);
    expect(sceneIn(pilot, "the kitchen scene")?.index).toBe(2);
    expect(sceneIn(pilot, "scene 9")).toBeUndefined();
  });

  it("finds the characters named, with a cue's extension left out", () => {
    const names = charactersOf(pilot.scenes);
    expect(names).toEqual(["NELL", "NELL (V.O.)", "MARCUS"]);
    expect(charactersIn(names, "voice nell's lines")).toEqual(["NELL", "NELL (V.O.)"]);
  });
});
