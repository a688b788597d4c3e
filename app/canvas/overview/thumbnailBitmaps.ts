/**
 * The server's small thumbnails (GET /api/media/:id/thumbnail) decoded once into ImageBitmaps for the
 * overview, which draws them straight onto its canvas. Loaded only when asked for (a card on screen and big
 * enough), at most MAX kept: the oldest are closed, so a 2,000-image canvas never holds them all decoded.
 */
const MAX = 300;

export interface ThumbnailBitmaps {
  /** The decoded bitmap, or null while it loads (the load starts here) or when it failed. */
  get(url: string): ImageBitmap | null;
  dispose(): void;
}

export function createThumbnailBitmaps(onLoad: () => void): ThumbnailBitmaps {
  const ready = new Map<string, ImageBitmap>();
  const loading = new Set<string>();
  const failed = new Set<string>();
  let disposed = false;

  const load = async (url: string) => {
    loading.add(url);
    try {
      const res = await fetch(url, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`thumbnail ${res.status}`);
      const bitmap = await createImageBitmap(await res.blob());
      if (disposed) return bitmap.close();
      ready.set(url, bitmap);
      for (const [old, b] of ready) {
        if (ready.size <= MAX) break;
        b.close();
        ready.delete(old);
      }
      onLoad();
    } catch {
      failed.add(url); // the card keeps its colour; no retry storm on every frame
    } finally {
      loading.delete(url);
    }
  };

  return {
    get(url) {
      const bitmap = ready.get(url);
      if (bitmap) return bitmap;
      if (!disposed && !loading.has(url) && !failed.has(url)) void load(url);
      return null;
    },
    dispose() {
      disposed = true;
      for (const b of ready.values()) b.close();
      ready.clear();
    },
  };
}
