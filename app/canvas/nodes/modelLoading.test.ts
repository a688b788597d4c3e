import { describe, expect, it, vi } from "vitest";
import { MODEL_MESSAGES, MODEL_RETRY_WAITS_MS, fetchModel, isBinaryGltf } from "./modelLoading";

// Bytes, not a Blob: jsdom's Blob is not the one Node's Response accepts.
const glb = () => new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 12, 0, 0, 0]);

describe("fetchModel", () => {
  it("returns the file on the first try, fetched with same-origin credentials", async () => {
    const fetch = vi.fn(async () => new Response(glb()));
    const sleep = vi.fn(async () => {});
    const blob = await fetchModel("/api/media/m", { fetch, sleep });
    expect(blob.size).toBe(12);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/media/m", expect.objectContaining({ credentials: "same-origin" }));
    expect(sleep).not.toHaveBeenCalled();
  });

  it("tries 3 times, waiting 1 s then 2 s, then fails with 'Failed to load 3D model'", async () => {
    const fetch = vi.fn(async () => new Response("busy", { status: 503 }));
    const sleep = vi.fn(async () => {});
    await expect(fetchModel("/m.glb", { fetch, sleep })).rejects.toThrow(MODEL_MESSAGES.failed);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([1000, 2000]);
    expect(MODEL_RETRY_WAITS_MS).toEqual([1000, 2000]);
  });

  it("succeeds on a later try after a network error or an empty body", async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response(new Uint8Array(0)))
      .mockResolvedValueOnce(new Response(glb()));
    const blob = await fetchModel("/m.glb", { fetch, sleep: async () => {} });
    expect(blob.size).toBe(12);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("stops at once when aborted (the time-out), rethrowing the abort reason", async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort(new Error(MODEL_MESSAGES.timeout));
      throw new DOMException("aborted", "AbortError");
    });
    await expect(fetchModel("/m.glb", { fetch, signal: controller.signal, sleep: async () => {} })).rejects.toThrow(MODEL_MESSAGES.timeout);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("waits for real between tries, and an abort cuts the wait short", async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const fetch = vi.fn(async () => new Response("", { status: 500 }));
      const done = fetchModel("/m.glb", { fetch, signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(2);
      controller.abort(new Error("gone"));
      expect(((await done) as Error).message).toBe("gone");
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("isBinaryGltf", () => {
  it("recognises the glTF magic", async () => {
    expect(await isBinaryGltf(new Blob([glb()]))).toBe(true);
    expect(await isBinaryGltf(new Blob(['{"asset":{"version":"2.0"}}']))).toBe(false);
    expect(await isBinaryGltf(new Blob(["glTF"]))).toBe(false); // too short to be a GLB
  });
});
