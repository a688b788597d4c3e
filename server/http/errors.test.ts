import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // A route with a real bug in it, as any handler may have.
  h.server.get("/api/test/broken", async () => {
    const missing = undefined as unknown as { field: string };
    return missing.field;
  });
});
afterAll(() => h?.close());

describe("unexpected errors", () => {
  it("are answered 500 without details and always logged with the request id (no debug setting needed)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await h.server.inject({ method: "GET", url: "/api/test/broken?x=1" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: "Something went wrong on our side. Please try again.", code: "internal" });
      const requestId = res.headers["x-request-id"];
      expect(requestId).toBeTruthy();
      expect(logged).toHaveBeenCalledWith(`request ${requestId} failed: GET /api/test/broken`, expect.any(TypeError));
    } finally {
      logged.mockRestore();
    }
  });
});
