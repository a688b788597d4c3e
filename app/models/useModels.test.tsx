import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findModel } from "../../domain/generation/catalogue";
import type { Model } from "../../domain/generation/modelTypes";
import { fakeStudio, json, type StudioCall } from "../test/fakeStudio";
import { MODELS_FAILED, useAllModels, useCompatibleModels, useModelCost, useModelCosts, type ModelsContext } from "./useModels";

const sketch = { ...findModel("local/sketch")!, usable: true } as Model;
const flux = { ...findModel("fal-ai/flux/dev")!, usable: false, lockedReason: "Add a fal.ai key in Settings" } as Model;

/** Answers like the studio server would, recording each request. */
function fakeServer(answer: (call: StudioCall) => { status: number; body: unknown } | "network-down") {
  return fakeStudio((call) => {
    const a = answer(call);
    if (a === "network-down") throw new TypeError("Failed to fetch");
    return json(a.body, a.status);
  }).calls;
}

function wrapper(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const context = (contentType: string, edges: string[] = ["e1"]): ModelsContext => ({
  selectedNode: { id: "node-1", data: { contentType } },
  connectedNodes: [{ id: "up-1", data: { contentType: "image", mediaUrl: "/api/media/m1" } }],
  edges: edges.map((id) => ({ id, source: "up-1", target: "node-1" })),
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useCompatibleModels (POST /api/models/available)", () => {
  it("sends the selected node, its connections and edges, and reads the models", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { success: true, models: [sketch, flux] } }));
    const { result } = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper() });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.models.map((m) => [m.id, m.usable, m.lockedReason])).toEqual([
      [sketch.id, true, undefined],
      [flux.id, false, "Add a fal.ai key in Settings"],
    ]);
    expect(result.current.error).toBeNull();
    expect(calls).toEqual([{ method: "POST", url: "/api/models/available", body: { context: context("image") } }]);
  });

  it("asks again when the node's content type or its connections change, not on a plain re-render", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { success: true, models: [sketch] } }));
    const { result, rerender } = renderHook((ctx: ModelsContext) => useCompatibleModels(ctx), {
      wrapper: wrapper(),
      initialProps: context("image"),
    });
    await waitFor(() => expect(result.current.models).toHaveLength(1));
    rerender(context("image"));
    rerender(context("video"));
    await waitFor(() => expect(calls).toHaveLength(2));
    const withVideoInput = context("video", ["e1", "e2"]);
    rerender({ ...withVideoInput, connectedNodes: [...withVideoInput.connectedNodes, { id: "up-2", data: { contentType: "video" } }] });
    await waitFor(() => expect(calls).toHaveLength(3));
    expect((calls[2]!.body as { context: ModelsContext }).context.edges.map((e) => e.id)).toEqual(["e1", "e2"]);
  });

  it("answers another node asking the same question within the minute from that answer, without a request", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { success: true, models: [sketch, flux] } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper(client) });
    await waitFor(() => expect(first.result.current.models).toHaveLength(2));
    // Another node of the same type, its one input an image too: its list is there at once.
    const other: ModelsContext = {
      selectedNode: { id: "node-2", data: { contentType: "image" } },
      connectedNodes: [{ id: "up-9", data: { contentType: "image" } }],
      edges: [{ id: "e9", source: "up-9", target: "node-2" }],
    };
    const second = renderHook(() => useCompatibleModels(other), { wrapper: wrapper(client) });
    expect(second.result.current.loading).toBe(false);
    expect(second.result.current.models.map((m) => m.id)).toEqual([sketch.id, flux.id]);
    // A different question (a video input as well) is asked.
    const third = renderHook(
      () =>
        useCompatibleModels({
          ...other,
          selectedNode: { id: "node-3", data: { contentType: "image" } },
          connectedNodes: [...other.connectedNodes, { id: "up-8", data: { contentType: "video" } }],
        }),
      { wrapper: wrapper(client) },
    );
    await waitFor(() => expect(third.result.current.loading).toBe(false));
    expect(calls).toHaveLength(2);
    expect((calls[1]!.body as { context: ModelsContext }).context.selectedNode?.id).toBe("node-3");
  });

  it("asks again for another node once the answers were invalidated (a provider key added)", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { success: true, models: [sketch] } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper(client) });
    await waitFor(() => expect(first.result.current.models).toHaveLength(1));
    first.unmount();
    await client.invalidateQueries({ queryKey: ["models"] });
    const other: ModelsContext = { ...context("image"), selectedNode: { id: "node-2", data: { contentType: "image" } } };
    const second = renderHook(() => useCompatibleModels(other), { wrapper: wrapper(client) });
    expect(second.result.current.loading).toBe(true);
    await waitFor(() => expect(second.result.current.loading).toBe(false));
    expect(calls.map((c) => (c.body as { context: ModelsContext }).context.selectedNode?.id)).toEqual(["node-1", "node-2"]);
  });

  it("reports an HTTP failure as 'API error: {status}' with an empty list", async () => {
    fakeServer(() => ({ status: 500, body: { error: "boom", code: "internal" } }));
    const { result } = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.error).toBe("API error: 500"));
    expect(result.current.models).toEqual([]);
    expect(result.current.loading).toBe(false);
  });

  it("reports an unreachable server or a malformed answer as 'Failed to fetch models'", async () => {
    fakeServer(() => "network-down");
    const down = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper() });
    await waitFor(() => expect(down.result.current.error).toBe(MODELS_FAILED));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeServer(() => ({ status: 200, body: { success: true, models: [{ id: "x" }] } }));
    const odd = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper() });
    await waitFor(() => expect(odd.result.current.error).toBe(MODELS_FAILED));
    expect(odd.result.current.models).toEqual([]);
  });

  it("shows the server's own error text when it answers success: false", async () => {
    fakeServer(() => ({ status: 200, body: { success: false, error: "Model catalogue unavailable" } }));
    const { result } = renderHook(() => useCompatibleModels(context("image")), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.error).toBe("Model catalogue unavailable"));
  });
});

describe("useAllModels (GET /api/models/available)", () => {
  it("lists every model with its input schema", async () => {
    const calls = fakeServer(() => ({ status: 200, body: { success: true, models: [sketch, flux] } }));
    const { result } = renderHook(() => useAllModels(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.models).toHaveLength(2));
    expect(result.current.models[0]!.inputSchema.properties.aspect_ratio).toBeTruthy();
    expect(calls).toEqual([{ method: "GET", url: "/api/models/available", body: undefined }]);
  });
});

describe("model costs (GET /api/model-cost)", () => {
  it("collects credits per model and only warns about failures", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const calls = fakeServer(({ url }) => {
      const id = new URL(url, "http://studio").searchParams.get("modelId");
      if (id === flux.id) return { status: 200, body: { success: true, cost: 0.025, credits: 25 } };
      if (id === sketch.id) return { status: 200, body: { success: true, cost: 0, credits: 0 } };
      return { status: 404, body: { error: "Model not found", code: "not_found" } };
    });
    const { result } = renderHook(() => useModelCosts([sketch.id, flux.id, "nope/model", flux.id, null]), { wrapper: wrapper() });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(result.current).toEqual({ [sketch.id]: 0, [flux.id]: 25 }));
    // Each id is asked once, slashes and all, escaped.
    expect(calls.map((c) => c.url).sort()).toEqual(
      [sketch.id, flux.id, "nope/model"].map((id) => `/api/model-cost?modelId=${encodeURIComponent(id)}`).sort(),
    );
    expect(String(warn.mock.calls[0]![0])).toContain("nope/model");
  });

  it("reads one model's credits", async () => {
    fakeServer(() => ({ status: 200, body: { success: true, cost: 0.04, credits: 40 } }));
    const { result } = renderHook(() => useModelCost(flux.id), { wrapper: wrapper() });
    await waitFor(() => expect(result.current).toBe(40));
  });
});
