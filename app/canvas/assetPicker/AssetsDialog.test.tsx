import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STOCK_SCROLL_TRIGGER_PX, type LibraryAsset, type StockAsset } from "../../../domain/assetLibrary";
import { renderInApp } from "../../test/render";
import { AssetsDialog } from "./AssetsDialog";
import type { PickedAsset } from "./pickedAsset";

const asset = (id: string, filename: string, contentType: string, size = 2048): LibraryAsset => ({
  id,
  url: `/api/media/${id}`,
  filename,
  contentType,
  size,
  uploadedAt: "2025-01-01T00:00:00.000Z",
  lastModified: "2025-01-01T00:00:00.000Z",
});

const LIBRARY = [
  asset("a1", "Hero Shot.png", "image/png", 1536),
  asset("a2", "forest-take-3.mp4", "video/mp4", 5 * 1024 * 1024),
  asset("a3", "theme.mp3", "audio/mpeg"),
];

/** The studio server as the browser sees it: only the network boundary is replaced. */
function serve(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      calls.push(input);
      const path = input.split("?")[0]!;
      const a = answers[path];
      return new Response(JSON.stringify(a?.body ?? { error: "not found", code: "not_found" }), { status: a ? (a.status ?? 200) : 404 });
    }),
  );
  return calls;
}

function open(props: Partial<Parameters<typeof AssetsDialog>[0]> = {}) {
  const onInsert = vi.fn<(assets: PickedAsset[]) => Promise<void>>(async () => {});
  const onOpenChange = vi.fn();
  renderInApp(<AssetsDialog open userId="u1" canInsert onInsert={onInsert} onOpenChange={onOpenChange} {...props} />);
  return { onInsert, onOpenChange };
}

const names = () => screen.queryAllByTestId("library-asset").map((tile) => within(tile).getByTitle(/.+/).textContent);
const tile = (name: string) => screen.getByRole("button", { name: `Select ${name}` });
const insertButton = () => screen.getByRole("button", { name: "Insert Selected" }) as HTMLButtonElement;

describe("Assets dialog: My Files", () => {
  beforeEach(() => {
    serve({ "/api/assets/list": { body: { success: true, data: LIBRARY } }, "/api/assets/unsplash/status": { body: { enabled: false } } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows skeletons, then each file with its name and size", async () => {
    open();
    expect(screen.getAllByTestId("asset-skeleton").length).toBeGreaterThan(0);
    expect(await screen.findByText("Hero Shot.png")).toBeTruthy();
    expect(names()).toEqual(["Hero Shot.png", "forest-take-3.mp4", "theme.mp3"]);
    expect(screen.getByText("1.5 KB")).toBeTruthy();
    expect(screen.getByText("5 MB")).toBeTruthy();
  });

  it("searches by file name or content type, ignoring case", async () => {
    open();
    await screen.findByText("Hero Shot.png");
    const search = screen.getByRole("searchbox", { name: "Search assets" });
    fireEvent.change(search, { target: { value: "HERO" } });
    expect(names()).toEqual(["Hero Shot.png"]);
    fireEvent.change(search, { target: { value: "video/" } });
    expect(names()).toEqual(["forest-take-3.mp4"]);
    fireEvent.change(search, { target: { value: "Audio" } });
    expect(names()).toEqual(["theme.mp3"]);
    fireEvent.change(search, { target: { value: "nothing like it" } });
    expect(names()).toEqual([]);
    expect(screen.getByText("No files match “nothing like it”")).toBeTruthy();
    fireEvent.change(search, { target: { value: "" } });
    expect(names()).toHaveLength(3);
  });

  it("selects several files by clicking, unselects on a second click, and inserts them in order", async () => {
    const { onInsert, onOpenChange } = open();
    await screen.findByText("Hero Shot.png");
    expect(insertButton().disabled).toBe(true);

    fireEvent.click(tile("theme.mp3"));
    fireEvent.click(tile("Hero Shot.png"));
    fireEvent.click(tile("forest-take-3.mp4"));
    expect(tile("Hero Shot.png").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("3 selected")).toBeTruthy();

    fireEvent.click(tile("forest-take-3.mp4"));
    expect(tile("forest-take-3.mp4").getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("2 selected")).toBeTruthy();
    expect(insertButton().disabled).toBe(false);

    fireEvent.click(insertButton());
    await vi.waitFor(() => expect(onInsert).toHaveBeenCalledTimes(1));
    expect(onInsert.mock.calls[0]![0].map((p) => [p.source, p.asset.id])).toEqual([
      ["library", "a3"],
      ["library", "a1"],
    ]);
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("keeps the selection while searching, so a filtered-out pick is still inserted", async () => {
    const { onInsert } = open();
    await screen.findByText("Hero Shot.png");
    fireEvent.click(tile("Hero Shot.png"));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search assets" }), { target: { value: "mp3" } });
    fireEvent.click(tile("theme.mp3"));
    fireEvent.click(insertButton());
    await vi.waitFor(() => expect(onInsert).toHaveBeenCalled());
    expect(onInsert.mock.calls[0]![0].map((p) => p.asset.id)).toEqual(["a1", "a3"]);
  });

  it("keeps Insert Selected disabled for view-only members, with the reason", async () => {
    const { onInsert } = open({ canInsert: false });
    await screen.findByText("Hero Shot.png");
    fireEvent.click(tile("Hero Shot.png"));
    expect(insertButton().disabled).toBe(true);
    expect(screen.getByLabelText("Insert Selected: You have view-only access to this project")).toBeTruthy();
    fireEvent.click(insertButton());
    expect(onInsert).not.toHaveBeenCalled();
  });

  it("Cancel closes without inserting", async () => {
    const { onInsert, onOpenChange } = open();
    await screen.findByText("Hero Shot.png");
    fireEvent.click(tile("Hero Shot.png"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onInsert).not.toHaveBeenCalled();
  });
});

describe("Assets dialog: empty, failing and stock states", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No files uploaded' for an empty library", async () => {
    serve({ "/api/assets/list": { body: { success: true, data: [] } } });
    open();
    expect(await screen.findByText("No files uploaded")).toBeTruthy();
  });

  it("says 'Failed to load assets' when the list cannot be loaded", async () => {
    serve({
      "/api/assets/list": { status: 500, body: { error: "Something went wrong on our side. Please try again.", code: "internal" } },
    });
    open();
    expect(await screen.findByText("Failed to load assets")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("explains how to enable stock photos when the studio has no Unsplash key", async () => {
    const calls = serve({
      "/api/assets/list": { body: { success: true, data: [] } },
      "/api/assets/unsplash/status": { body: { enabled: false } },
    });
    open();
    const stockTab = screen.getByRole("tab", { name: "Stock" });
    fireEvent.mouseDown(stockTab);
    fireEvent.click(stockTab);
    const note = await screen.findByTestId("stock-disabled");
    expect(note.textContent).toContain("UNSPLASH_ACCESS_KEY");
    expect(calls.some((c) => c.startsWith("/api/assets/unsplash/search"))).toBe(false);
  });
});

const stockPhoto = (i: number): StockAsset => ({
  id: `unsplash-p${i}`,
  unsplash_id: `p${i}`,
  url: `https://images.unsplash.com/p${i}?w=1080`,
  thumb: `https://images.unsplash.com/p${i}?w=400`,
  filename: `p${i}.jpg`,
  contentType: "image/jpeg",
  author: `Author ${i}`,
  author_url: `https://unsplash.com/@a${i}?utm_source=reelgraph&utm_medium=referral`,
  unsplash_url: `https://unsplash.com/photos/p${i}?utm_source=reelgraph&utm_medium=referral`,
  download_location: `https://api.unsplash.com/photos/p${i}/download`,
  attribution: `Photo by Author ${i} on Unsplash`,
  description: `Harbour ${i}`,
  width: 1600,
  height: 900,
  color: "#336699",
});

describe("Assets dialog: Stock with Unsplash enabled", () => {
  // jsdom has no layout: the stock grid gets a 2000 px tall content in a 500 px window, scrolled by hand.
  const scrollTops = new WeakMap<Element, number>();
  const isGrid = (el: Element) => el.getAttribute("data-testid") === "stock-grid";
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, "scrollHeight", {
      configurable: true,
      get() {
        return isGrid(this) ? 2000 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, "clientHeight", {
      configurable: true,
      get() {
        return isGrid(this) ? 500 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, "scrollTop", {
      configurable: true,
      get() {
        return scrollTops.get(this) ?? 0;
      },
      set(v: number) {
        scrollTops.set(this, v);
      },
    });
  });
  afterEach(() => {
    for (const key of ["scrollHeight", "clientHeight", "scrollTop"])
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    vi.unstubAllGlobals();
  });

  function serveStock() {
    const pages: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = new URL(input, "http://studio.test");
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.pathname === "/api/assets/list") return json({ success: true, data: [] });
        if (url.pathname === "/api/assets/unsplash/status") return json({ enabled: true });
        if (url.pathname === "/api/assets/unsplash/search") {
          pages.push(url.search);
          const page = Number(url.searchParams.get("page"));
          const data = Array.from({ length: page === 1 ? 50 : 10 }, (_, i) => stockPhoto((page - 1) * 50 + i));
          return json({ success: true, data, page, hasMore: page === 1 });
        }
        return new Response("{}", { status: 404 });
      }),
    );
    return pages;
  }

  async function openStock() {
    const opened = open();
    const stockTab = screen.getByRole("tab", { name: "Stock" });
    fireEvent.mouseDown(stockTab);
    fireEvent.click(stockTab);
    await vi.waitFor(() => expect(screen.getAllByTestId("stock-asset")).toHaveLength(50));
    return opened;
  }

  it("credits each photo to its author with links back to Unsplash", async () => {
    serveStock();
    await openStock();
    const first = screen.getAllByTestId("stock-asset")[0]!;
    expect(first.textContent).toContain("Photo by Author 0 on Unsplash");
    expect(within(first).getByRole("link", { name: "Author 0" }).getAttribute("href")).toBe(
      "https://unsplash.com/@a0?utm_source=reelgraph&utm_medium=referral",
    );
    const view = within(first).getByRole("link", { name: /View on Unsplash/ });
    expect(view.getAttribute("href")).toBe("https://unsplash.com/photos/p0?utm_source=reelgraph&utm_medium=referral");
    expect(view.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it(`loads the next page only once the scroll is within ${STOCK_SCROLL_TRIGGER_PX} px of the bottom`, async () => {
    const pages = serveStock();
    await openStock();
    expect(pages).toEqual(["?page=1"]);
    const grid = screen.getByTestId("stock-grid");

    grid.scrollTop = 2000 - 500 - STOCK_SCROLL_TRIGGER_PX - 50; // 250 px from the bottom
    fireEvent.scroll(grid);
    await new Promise((r) => setTimeout(r, 50));
    expect(pages).toEqual(["?page=1"]);

    grid.scrollTop = 2000 - 500 - STOCK_SCROLL_TRIGGER_PX + 50; // 150 px from the bottom
    fireEvent.scroll(grid);
    await vi.waitFor(() => expect(screen.getAllByTestId("stock-asset")).toHaveLength(60));
    expect(pages).toEqual(["?page=1", "?page=2"]);

    fireEvent.scroll(grid); // the last page said there is no more
    await new Promise((r) => setTimeout(r, 50));
    expect(pages).toHaveLength(2);
  });

  it("inserts a chosen stock photo as a stock pick", async () => {
    serveStock();
    const { onInsert } = await openStock();
    fireEvent.click(screen.getByRole("button", { name: "Select Harbour 7" }));
    fireEvent.click(insertButton());
    await vi.waitFor(() => expect(onInsert).toHaveBeenCalled());
    expect(onInsert.mock.calls[0]![0]).toEqual([{ source: "stock", asset: stockPhoto(7) }]);
  });
});
