import type { LibraryAsset, StockAsset } from "../../../domain/assetLibrary";

/** What the dialog hands to onInsert: a file from My Files, or a stock photo (not yet in the studio). */
export type PickedAsset = { source: "library"; asset: LibraryAsset } | { source: "stock"; asset: StockAsset };

/** Library ids are UUIDs and stock ids 'unsplash-…', so one selection can hold both. */
export const pickedId = (picked: PickedAsset) => picked.asset.id;
