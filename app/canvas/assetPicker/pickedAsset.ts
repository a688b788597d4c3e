import type { LibraryAsset, StockAsset } from "../../../domain/assetLibrary";

/** What the dialog hands to onInsert: a file from My Files, or a stock photo (not yet in the studio). */
export type PickedAsset = { source: "library"; asset: LibraryAsset } | { source: "stock"; asset: StockAsset };
