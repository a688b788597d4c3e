/**
 * The one path every Run takes: what it refuses before asking the server, the body it sends, and how the
 * server's answers (402, 401, progress, success) reach the node and the user. The HTTP answers are given
 * with a stubbed fetch; the server side is covered by server/generation/generation.test.ts and the e2e.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NodeData } from "../../../domain/canvas/node";
import type { StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";
import { createGenerationController, executeBody } from "./generationController";
import { studioNode } from "../../test/studioNode";

/** A selected node, as Run reads the selection. */
const selected = (id: string, data: Partial<NodeData>): StudioNode => studioNode(id, { selected: true, data });

function setup(nodes: StudioNode[], canEdit = true, defaultModel?: (nodeId: string, contentType: string | null) => string | null) {
  const { client } = recordingClient({ projectId: "p1", canEdit, nodes });
  const { store, commands } = client;
  const notes: { kind: string; message: string; description?: string; id?: string }[] = [];
  const dismissed: string[] = [];
  const activity = vi.fn();
  const controller = createGenerationController({
    projectId: "p1",
    store,
    commands,
    flushWrites: () => Promise.resolve(true),
    notify: (kind, message, o) => notes.push({ kind, message, description: o?.description, id: o?.id }),
    dismiss: (id) => dismissed.push(id),
    onActivity: activity,
    defaultModel,
  });
  return { store, controller, notes, dismissed, activity, data: (id: string) => store.getState().nodes.find((n) => n.id === id)!.data };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

afterEach(() => vi.unstubAllGlobals());

describe("run", () => {
  it("asks nothing of the server without a node, without a prompt, or without a model, and says why", async () => {
    const fetch = answer(202, {});
    vi.stubGlobal("fetch", fetch);
    const { controller, notes } = setup([selected("a", { prompt: "" }), selected("b", { prompt: "a fox" })]);
    expect(await controller.run(null)).toBeNull();
    expect(notes.at(-1)?.message).toBe("Please select or create a new node");
    expect(await controller.run("a")).toBeNull(); // empty prompt does nothing, silently
    expect(notes).toHaveLength(1);
    expect(await controller.run("b")).toBeNull();
    expect(notes.at(-1)?.message).toBe("Please select a model before generating content");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("runs a node that has no model of its own with the default it shows, and saves that model at the run", async () => {
    const fetch = answer(202, { success: true, generationId: "g1" });
    vi.stubGlobal("fetch", fetch);
    const asked: [string, string | null][] = [];
    const { controller, data } = setup([selected("i", { prompt: "a fox", contentType: "image" })], true, (id, type) => {
      asked.push([id, type]);
      return "local/sketch";
    });
    expect(data("i").selectedModel).toBeUndefined(); // selecting it changed nothing
    expect(await controller.run("i")).toBe("g1");
    expect(asked).toEqual([["i", "image"]]);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.selectedModel).toBe("local/sketch");
    expect(data("i").selectedModel).toBe("local/sketch");
  });

  it("sends the node's choices, toasts video runs, and reports the outcome of its own generation only", async () => {
    const fetch = answer(202, { success: true, generationId: "g1" });
    vi.stubGlobal("fetch", fetch);
    const { controller, notes, activity } = setup([
      selected("v", {
        prompt: "old",
        selectedModel: "local/video-ffmpeg",
        aspectRatio: "16:9",
        cameraMovement: "dolly-in",
        variations: 2,
      } as Partial<NodeData>),
    ]);
    expect(await controller.run("v", "  push in slowly ")).toBe("g1");
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({
      projectId: "p1",
      nodeId: "v",
      prompt: "push in slowly",
      selectedModel: "local/video-ffmpeg",
      controls: { variations: 2, toolbarControls: { aspectRatio: "16:9", cameraMovement: "dolly-in" } },
    });
    // A local render takes seconds: no "30-120 seconds" warning.
    expect(notes.some((n) => n.message.startsWith("Video generation started"))).toBe(false);
    expect(activity).toHaveBeenCalled();

    controller.onMessage({ type: "generation", generationId: "someone-else", nodeId: "v", status: "succeeded" });
    expect(notes.filter((n) => n.message === "Generation completed!")).toHaveLength(0);
    controller.onMessage({ type: "generation", generationId: "g1", nodeId: "v", status: "running", percent: 40 });
    expect(controller.progress.store.getState().v).toMatchObject({ generationId: "g1", status: "running", percent: 40 });
    controller.onMessage({ type: "generation", generationId: "g1", nodeId: "v", status: "succeeded" });
    expect(notes.at(-1)).toMatchObject({ kind: "success", message: "Generation completed!" });
  });

  it("a hosted video run warns of its wait only while it runs", async () => {
    vi.stubGlobal("fetch", answer(202, { success: true, generationId: "g2" }));
    const { controller, notes, dismissed } = setup([selected("v", { prompt: "a chase", selectedModel: "runway/gen4-turbo" })]);
    expect(await controller.run("v")).toBe("g2");
    const warning = notes.find((n) => n.message === "Video generation started. This may take 30-120 seconds...");
    expect(warning?.id).toBeDefined();
    expect(dismissed).toEqual([]);
    controller.onMessage({ type: "generation", generationId: "g2", nodeId: "v", status: "succeeded" });
    expect(dismissed).toEqual([warning!.id]);
  });

  it("402 and 401 use the spec's texts, on the node and in a toast", async () => {
    vi.stubGlobal("fetch", answer(402, { error: "whatever the server says", code: "insufficient_credits" }));
    const { controller, notes, data } = setup([selected("i", { prompt: "a fox", selectedModel: "local/sketch" })]);
    expect(await controller.run("i")).toBeNull();
    expect(notes.at(-1)?.message).toBe("Insufficient credits. Please upgrade your plan.");
    expect(data("i")).toMatchObject({ status: "error", error: "Insufficient credits. Please upgrade your plan." });
    vi.stubGlobal("fetch", answer(401, { error: "x", code: "unauthorized" }));
    await controller.run("i");
    expect(notes.at(-1)?.message).toBe("Authentication failed. Please log in again.");
  });

  it("a failed run of its own says 'Execution Failed' with the reason; view-only members cannot run", async () => {
    vi.stubGlobal("fetch", answer(202, { success: true, generationId: "g2" }));
    const { controller, notes } = setup([selected("i", { prompt: "a fox", selectedModel: "local/sketch" })]);
    await controller.run("i");
    controller.onMessage({
      type: "generation",
      generationId: "g2",
      nodeId: "i",
      status: "failed",
      error: "fal.ai is unavailable (503). Please try again.",
    });
    expect(notes.at(-1)).toMatchObject({
      kind: "error",
      message: "Execution Failed",
      description: "fal.ai is unavailable (503). Please try again.",
    });

    const fetch = answer(202, {});
    vi.stubGlobal("fetch", fetch);
    const viewer = setup([selected("i", { prompt: "a fox", selectedModel: "local/sketch" })], false);
    expect(await viewer.controller.run("i")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("executeBody", () => {
  it("clamps variations to 1–5 and leaves empty choices out", () => {
    const body = executeBody("p", "n", { selectedModel: "local/sketch", variations: 9, style: "" } as NodeData, "x");
    expect(body.controls?.variations).toBe(1);
    expect(body.controls?.toolbarControls?.style).toBeUndefined();
  });
});

describe("a run that finishes before its answer arrives", () => {
  it("still says 'Generation completed!' once the answer names it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ success: true, generationId: "fast" }), { status: 202 });
      }),
    );
    const { controller, notes } = setup([selected("i", { prompt: "a fox", selectedModel: "local/sketch" })]);
    const running = controller.run("i");
    controller.onMessage({ type: "generation", generationId: "fast", nodeId: "i", status: "succeeded" });
    expect(notes.some((n) => n.message === "Generation completed!")).toBe(false);
    release();
    expect(await running).toBe("fast");
    expect(notes.at(-1)?.message).toBe("Generation completed!");
    expect(controller.progress.store.getState().i?.status).toBe("succeeded");
  });
});
