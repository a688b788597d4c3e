import { describe, expect, it } from "vitest";
import { nodeDataSchema } from "./canvas/node";
import { isStudioMediaUrl } from "./mediaUrl";
import { shotImageSchema } from "./shotlists/schema";

describe("studio media URLs (the only media a node or shot may point at)", () => {
  it("accepts the studio's own /api/media/<id>", () => {
    expect(isStudioMediaUrl("/api/media/0b9c1a5e-5c4b-4a8e-9f6d-1d2e3f4a5b6c")).toBe(true);
    expect(isStudioMediaUrl("/api/media/line.wav")).toBe(true);
  });

  it("refuses outside URLs, other studio paths and traversal", () => {
    for (const url of [
      "https://evil.example/pixel.png",
      "//evil.example/a.png",
      "/api/../../etc/passwd",
      "/api/media/../auth/session",
      "/api/media/a/b",
      "/api/download?url=x",
      "data:image/png;base64,AA",
      "javascript:alert(1)",
      "blob:https://x/1",
    ]) {
      expect(isStudioMediaUrl(url), url).toBe(false);
    }
  });

  it("node media fields take a studio URL or empty; a shot image a studio URL or null", () => {
    expect(nodeDataSchema.safeParse({ mediaUrl: "/api/media/abc", displayUrl: "", thumbnailUrl: "/api/media/t" }).success).toBe(true);
    const outside = nodeDataSchema.safeParse({ displayUrl: "https://evil.example/pixel.png" });
    expect(outside.error?.issues[0]?.message).toBe("displayUrl must be a studio media URL (/api/media/…)");
    expect(nodeDataSchema.safeParse({ url: "/api/../../etc/passwd" }).error?.issues[0]?.path).toEqual(["url"]);
    expect(nodeDataSchema.safeParse({ versionHistory: [{ mediaUrl: "https://evil.example/a.mp4" }] }).success).toBe(false);
    expect(shotImageSchema.safeParse(null).success).toBe(true);
    expect(shotImageSchema.safeParse("https://evil.example/a.png").error?.issues[0]?.message).toBe(
      "Image must be a studio media URL (/api/media/…)",
    );
  });
});
