import type { FastifyInstance } from "fastify";
import {
  ASSET_MESSAGES,
  stockImportSchema,
  stockSearchQuerySchema,
  trackDownloadSchema,
  type AssetUploadResponse,
  type StockSearchResponse,
  type StockStatusResponse,
} from "../../domain/assetLibrary";
import { MAX_UPLOAD_BYTES } from "../../domain/upload";
import type { Db } from "../db/client";
import { HttpError, relayedError, upstreamFailed } from "../errors";
import { parse } from "../validation";
import { receiveUpload } from "../media/receiveUpload";
import { SafeFetchError, safeFetch } from "../net/safeFetch";
import type { MediaStorage } from "../storage/storage";
import { addLibraryAsset } from "./assetLibraryService";
import { requireAssetUser } from "./ownUser";
import type { UnsplashClient } from "./unsplashClient";
import { stockFileName, toStockAsset } from "./unsplashPhoto";

/**
 * The dialog's Stock tab, backed by Unsplash when UNSPLASH_ACCESS_KEY is set (spec canvas 2, 7, 9).
 * Without a key the status says so and search answers 503 with how to turn it on.
 */
export function registerStockRoutes(app: FastifyInstance, db: Db, storage: MediaStorage, unsplash: UnsplashClient) {
  app.get("/api/assets/unsplash/status", async (request): Promise<StockStatusResponse> => {
    requireAssetUser(request);
    return { enabled: unsplash.enabled };
  });

  app.get("/api/assets/unsplash/search", async (request): Promise<StockSearchResponse> => {
    requireAssetUser(request);
    const { query, page } = parse(stockSearchQuerySchema, request.query);
    const result = await unsplash.search(query, page);
    return { success: true, data: result.photos.map(toStockAsset), page, hasMore: result.hasMore };
  });

  app.post("/api/assets/unsplash/track-download", async (request): Promise<{ success: true }> => {
    requireAssetUser(request);
    const { downloadLocation } = parse(trackDownloadSchema, request.body ?? {});
    await unsplash.trackDownload(downloadLocation);
    return { success: true };
  });

  /**
   * Copies a stock photo into the caller's library, so canvas nodes show studio media and never hot-link
   * a third party. The file comes from Unsplash's image host through safeFetch and is sniffed like any
   * upload.
   */
  app.post("/api/assets/unsplash/import", async (request): Promise<AssetUploadResponse> => {
    const caller = requireAssetUser(request);
    const { unsplashId } = parse(stockImportSchema, request.body ?? {});
    const photo = await unsplash.photo(unsplashId);
    const imageUrl = photo.urls.regular;
    if (!unsplash.isImageUrl(imageUrl)) throw upstreamFailed("Unsplash pointed at an image host we do not fetch from");
    const fetched = await fetchImage(imageUrl, unsplash.allowedAddress());
    const upload = await receiveUpload(
      storage,
      (async function* () {
        yield fetched.body;
      })(),
      {
        fileName: "",
        declaredMime: fetched.contentType,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    ).catch((err: unknown) => {
      throw err instanceof HttpError && err.status === 415 ? upstreamFailed("Unsplash sent a file that is not an image") : err;
    });
    if (upload.kind !== "image") {
      await storage.delete(upload.key).catch(() => {});
      throw upstreamFailed("Unsplash sent a file that is not an image");
    }
    const asset = await addLibraryAsset(db, storage, caller.id, upload, stockFileName(photo, upload.ext));
    return { success: true, url: asset.url, asset };
  });
}

async function fetchImage(url: string, allowAddress: ((ip: string) => boolean) | undefined) {
  let fetched;
  try {
    fetched = await safeFetch(url, { maxBytes: MAX_UPLOAD_BYTES, accept: "image/*", ...(allowAddress ? { allowAddress } : {}) });
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    throw relayedError(err.status === 413 ? 413 : 502, err.status === 413 ? "payload_too_large" : "upstream_failed", err.message);
  }
  if (fetched.status < 200 || fetched.status >= 300) throw upstreamFailed(ASSET_MESSAGES.stockUnavailable);
  return fetched;
}
