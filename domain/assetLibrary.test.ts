import { describe, expect, it } from "vitest";
import { filterAssets, formatFileSize, libraryKindOf, stockSearchQuerySchema, toggleSelection, withUnsplashUtm } from "./assetLibrary";

describe("asset library rules", () => {
  const files = [
    { filename: "Hero Shot.PNG", contentType: "image/png" },
    { filename: "take-3.mp4", contentType: "video/mp4" },
    { filename: "theme", contentType: "audio/mpeg" },
  ];

  it("searches by file name or content type, case-insensitively (spec canvas 5)", () => {
    expect(filterAssets(files, "hero").map((f) => f.filename)).toEqual(["Hero Shot.PNG"]);
    expect(filterAssets(files, "  VIDEO ").map((f) => f.filename)).toEqual(["take-3.mp4"]);
    expect(filterAssets(files, "mpeg").map((f) => f.filename)).toEqual(["theme"]);
    expect(filterAssets(files, "")).toHaveLength(3);
    expect(filterAssets(files, "gif")).toEqual([]);
  });

  it("toggles ids in and out of a selection, keeping the order of picking", () => {
    expect(toggleSelection([], "a")).toEqual(["a"]);
    expect(toggleSelection(["a", "b"], "c")).toEqual(["a", "b", "c"]);
    expect(toggleSelection(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });

  it("formats sizes for people", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatFileSize(-1)).toBe("");
  });

  it("takes image, video and audio only", () => {
    expect(libraryKindOf("image/png")).toBe("image");
    expect(libraryKindOf("video/quicktime")).toBe("video");
    expect(libraryKindOf("audio/wav")).toBe("audio");
    expect(libraryKindOf("model/gltf-binary")).toBeNull();
    expect(libraryKindOf("text/plain")).toBeNull();
  });

  it("tags Unsplash links with utm_source and utm_medium=referral, replacing any given", () => {
    expect(withUnsplashUtm("https://unsplash.com/@ann?utm_source=other")).toBe(
      "https://unsplash.com/@ann?utm_source=reelgraph&utm_medium=referral",
    );
    expect(withUnsplashUtm("not a url")).toBe("not a url");
  });

  it("reads stock paging from a query string", () => {
    expect(stockSearchQuerySchema.parse({})).toEqual({ query: "", page: 1 });
    expect(stockSearchQuerySchema.parse({ query: " sea ", page: "3" })).toEqual({ query: "sea", page: 3 });
    expect(stockSearchQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(stockSearchQuerySchema.safeParse({ page: "1.5" }).success).toBe(false);
  });
});
