import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadExport, fileNameFromDisposition } from "./scriptApi";
import { estimatePages, pageMap } from "./pages";

describe("export download", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the file name from Content-Disposition", () => {
    expect(fileNameFromDisposition('attachment; filename="Night Shift.pdf"')).toBe("Night Shift.pdf");
    expect(fileNameFromDisposition("attachment; filename=plain.fdx")).toBe("plain.fdx");
    expect(fileNameFromDisposition(`attachment; filename="Zoe.docx"; filename*=UTF-8''Zo%C3%AB.docx`)).toBe("Zoë.docx");
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("asks for the format, paper and scene numbers and saves the blob under the server's name", async () => {
    const fetchMock = vi.fn(
      async (_url: string) => new Response("%PDF", { headers: { "content-disposition": 'attachment; filename="Script.pdf"' } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadExport("s1", "Script", "pdf", { paper: "a4", sceneNumbers: "both" });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/scripts/s1/export?format=pdf&paper=a4&sceneNumbers=both");
    expect(clicked).toEqual(["Script.pdf"]);
  });

  it("reports the server's error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Script not found", code: "not_found" }, { status: 404 })),
    );
    await expect(downloadExport("s1", "Script", "fdx")).rejects.toThrow("Script not found");
  });
});

describe("page numbers", () => {
  const els = Array.from({ length: 80 }, (_, i) => ({
    id: `e${i}`,
    type: (i % 20 === 0 ? "slug" : "action") as "slug" | "action",
    content: "A line of action.",
  }));

  it("gives each element its page and marks where pages start", () => {
    const paged = pageMap(els);
    expect(paged.pageOf.get("e0")).toBe(1);
    expect(paged.pageCount).toBeGreaterThan(1);
    const [first] = [...paged.pageStarts.entries()];
    expect(first?.[1]).toBe(2);
  });

  it("has a line-count estimate to fall back on", () => {
    const est = estimatePages(els);
    expect(est.pageOf.get("e0")).toBe(1);
    expect(est.pageCount).toBe(Math.ceil((80 * 2 - 1) / 55));
  });
});
