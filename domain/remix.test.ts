import { describe, expect, it } from "vitest";
import { createProjectSchema, PROJECT_INITIAL_NODES_MAX, PROJECT_NAME_MAX } from "./projects";
import { numberedName, parseRemixDraft, REMIX_DESCRIPTION, remixProjectInput, remixProjectName, type RemixDraft } from "./remix";

const draftNode = (id: string, data: Record<string, unknown> = {}) => ({ id, type: "generic_v2", position: { x: 10, y: 20 }, data });

describe("remix draft", () => {
  it("parses a draft and refuses text that is not one", () => {
    const ok = parseRemixDraft(JSON.stringify({ name: "Alley", nodes: [draftNode("a")] }));
    expect(ok).toEqual({ ok: true, draft: { name: "Alley", nodes: [draftNode("a")] } });
    expect(parseRemixDraft("{nope").ok).toBe(false);
    expect(parseRemixDraft(JSON.stringify({ name: "No nodes" })).ok).toBe(false);
    expect(parseRemixDraft(JSON.stringify({ name: "x", nodes: [{ id: "a" }] })).ok).toBe(false);
    expect(parseRemixDraft("null").ok).toBe(false);
  });

  it("names the project from the draft, trimmed, with a fallback and within the limit", () => {
    expect(remixProjectName("  Alley  ")).toBe("Alley");
    expect(remixProjectName("   ")).toBe("Untitled Project");
    expect(remixProjectName("x".repeat(PROJECT_NAME_MAX + 30))).toHaveLength(PROJECT_NAME_MAX);
    expect(numberedName("Alley", 2)).toBe("Alley (2)");
    expect(numberedName("y".repeat(PROJECT_NAME_MAX), 3)).toHaveLength(PROJECT_NAME_MAX);
  });

  it("builds a create request the server's schema takes: fixed description, nodes only, foreign media left out", () => {
    const draft: RemixDraft = {
      name: "Alley",
      nodes: [
        {
          ...draftNode("a", {
            prompt: "rain",
            mediaUrl: "https://gallery.example/a.png",
            versionHistory: [{ mediaUrl: "https://x.example/v.png", prompt: "v1" }],
          }),
          selected: true,
          width: 200,
        },
        { id: "b", position: { x: 0, y: 0 }, data: { mediaUrl: "/api/media/ok.png" } },
      ],
    };
    const { input, droppedMedia, droppedNodes } = remixProjectInput(draft);
    expect(input).toEqual({
      name: "Alley",
      description: REMIX_DESCRIPTION,
      nodes: [
        { id: "a", type: "generic_v2", position: { x: 10, y: 20 }, data: { prompt: "rain", versionHistory: [{ prompt: "v1" }] } },
        { id: "b", type: "generic_v2", position: { x: 0, y: 0 }, data: { mediaUrl: "/api/media/ok.png" } },
      ],
    });
    expect(droppedMedia).toBe(2);
    expect(droppedNodes).toBe(0);
    expect(createProjectSchema.safeParse(input).success).toBe(true);
  });

  it("titles a node by its label when it has no title", () => {
    const draft: RemixDraft = {
      name: "Alley",
      nodes: [
        { id: "a", position: { x: 0, y: 0 }, data: { label: "Opening shot" } },
        { id: "b", position: { x: 1, y: 0 }, data: { label: "Ignored", title: "Kept" } },
        { id: "c", position: { x: 2, y: 0 }, data: {} },
      ],
    };
    expect(remixProjectInput(draft).input.nodes!.map((n) => n.data.title)).toEqual(["Opening shot", "Kept", undefined]);
  });

  it("keeps the first nodes of a draft beyond the limit", () => {
    const draft: RemixDraft = { name: "Big", nodes: Array.from({ length: PROJECT_INITIAL_NODES_MAX + 5 }, (_, i) => draftNode(`n${i}`)) };
    const { input, droppedNodes } = remixProjectInput(draft);
    expect(input.nodes).toHaveLength(PROJECT_INITIAL_NODES_MAX);
    expect(input.nodes?.[0]?.id).toBe("n0");
    expect(droppedNodes).toBe(5);
  });
});
