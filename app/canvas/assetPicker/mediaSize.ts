import type { LibraryKind } from "../../../domain/assetLibrary";

/** Natural size of an image or video (for the node's aspect ratio); null for audio or when it fails. */
export function mediaSize(url: string, kind: LibraryKind): Promise<{ w: number; h: number } | null> {
  if (kind === "audio") return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (size: { w: number; h: number } | null) => resolve(size && size.w > 0 && size.h > 0 ? size : null);
    if (kind === "image") {
      const img = new Image();
      img.onload = () => done({ w: img.naturalWidth, h: img.naturalHeight });
      img.onerror = () => done(null);
      img.src = url;
      return;
    }
    const video = document.createElement("video");
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => done({ w: video.videoWidth, h: video.videoHeight });
    video.onerror = () => done(null);
    video.src = url;
  });
}
