import { useCallback } from "react";
import { nearestAspectRatio } from "../../../domain/canvas/aspectRatio";
import type { NodeData } from "../../../domain/canvas/node";
import type { LibraryAsset } from "../../../domain/assetLibrary";
import { ASSET_MESSAGES } from "../../../domain/assetLibrary";
import { toast } from "../../ui";
import { useCanvasStore, useCommands } from "../store/useCanvas";
import { dataAfterUpload } from "../upload";
import { importStockPhoto, insertIntoProject, trackStockDownload } from "./assetsApi";
import { mediaSize } from "./mediaSize";
import type { PickedAsset } from "./pickedAsset";

/**
 * Insert Selected: one new node per asset, created through the canvas commands like an uploaded file, all
 * in one undo step.
 * A stock photo is first copied into the studio (and its use reported to Unsplash); every file is then
 * copied into the project's media, so all members see it and it outlives the library file.
 * Throws after telling the user when something failed, so the dialog keeps its selection.
 */
export function useInsertAssets() {
  const store = useCanvasStore();
  const commands = useCommands();
  return useCallback(
    async (picked: PickedAsset[]) => {
      const toastId = toast.loading(picked.length === 1 ? "Inserting asset..." : `Inserting ${picked.length} assets...`);
      const ready: Partial<NodeData>[] = [];
      // The nodes appear together, as one undo step, once their files are in the project (or up to a failure).
      const place = () => commands.createNodes(ready.map((data) => ({ data }))).length;
      try {
        for (const item of picked) ready.push(await nodeDataFor(item, store.getState().projectId));
      } catch (err) {
        const created = place();
        const message = err instanceof Error ? err.message : String(err);
        toast.error(ASSET_MESSAGES.insertFailed, {
          id: toastId,
          description: created ? `${created} inserted before: ${message}` : message,
        });
        throw err;
      }
      const created = place();
      toast.success(created === 1 ? "Asset inserted" : `${created} assets inserted`, { id: toastId, duration: 2000 });
    },
    [store, commands],
  );
}

/** Copies the asset into the project's media and describes the node that shows it. */
async function nodeDataFor(item: PickedAsset, projectId: string): Promise<Partial<NodeData>> {
  const asset = await toLibraryAsset(item);
  const placed = await insertIntoProject(asset.id, projectId);
  const base = { title: "Untitled" } as NodeData;
  const data: Partial<NodeData> = dataAfterUpload(
    base,
    { url: placed.url, type: placed.kind, contentType: placed.contentType },
    placed.filename,
  );
  // A stock photo's slug file name makes a poor node title; its description reads better.
  if (item.source === "stock" && item.asset.description) data.title = item.asset.description.slice(0, 80);
  const size = item.source === "stock" ? { w: item.asset.width, h: item.asset.height } : await mediaSize(placed.url, placed.kind);
  const ratio = size ? nearestAspectRatio(size.w, size.h) : null;
  if (ratio) data.aspectRatio = ratio;
  return data;
}

async function toLibraryAsset(item: PickedAsset): Promise<LibraryAsset> {
  if (item.source === "library") return item.asset;
  trackStockDownload(item.asset.download_location);
  return importStockPhoto(item.asset.unsplash_id);
}
