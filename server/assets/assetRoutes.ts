import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import {
  assetDeleteQuerySchema,
  assetInsertSchema,
  assetListQuerySchema,
  type AssetInsertResponse,
  type AssetListResponse,
  type AssetUploadResponse,
} from "../../domain/assetLibrary";
import { MAX_UPLOAD_BYTES } from "../../domain/upload";
import type { Db } from "../db/client";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import type { MediaStorage } from "../storage/storage";
import { addLibraryAsset, copyAssetIntoProject, deleteLibraryAsset, listLibraryAssets, ownLibraryAsset } from "./assetLibraryService";
import { assertOwnUser, requireAssetUser } from "./ownUser";
import { receiveAssetUpload } from "./receiveAssetUpload";
import { registerStockRoutes } from "./stockRoutes";
import { UnsplashClient, unsplashSettingsFromEnv } from "./unsplashClient";

/**
 * The canvas's Assets dialog (spec canvas 7): the caller's own library (upload, list, delete), putting a
 * library file into a project, and the Unsplash stock routes. The user always comes from the session.
 */
export async function registerAssetRoutes(app: FastifyInstance, db: Db, storage: MediaStorage, env: NodeJS.ProcessEnv = process.env) {
  // Its own scope, so multipart bodies are accepted by the upload route only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

    scope.post("/api/assets/upload", async (request): Promise<AssetUploadResponse> => {
      const caller = requireAssetUser(request);
      const { upload, fileName } = await receiveAssetUpload(request, caller.id, storage);
      const asset = await addLibraryAsset(db, storage, caller.id, upload, fileName);
      return { success: true, url: asset.url, asset };
    });
  });

  app.get("/api/assets/list", async (request): Promise<AssetListResponse> => {
    const caller = requireAssetUser(request);
    const { userId } = parse(assetListQuerySchema, request.query);
    assertOwnUser(caller.id, userId);
    return { success: true, data: await listLibraryAssets(db, caller.id) };
  });

  app.delete("/api/assets/delete", async (request): Promise<{ success: true }> => {
    const caller = requireAssetUser(request);
    const { userId, assetId } = parse(assetDeleteQuerySchema, request.query);
    assertOwnUser(caller.id, userId);
    await deleteLibraryAsset(db, storage, caller.id, assetId);
    return { success: true };
  });

  /** Insert Selected: the file is copied into the project's media, which needs edit rights there. */
  app.post("/api/assets/insert", async (request): Promise<AssetInsertResponse> => {
    const caller = requireAssetUser(request);
    const { assetId, projectId } = parse(assetInsertSchema, request.body ?? {});
    await authorizeProject(db, caller.id, projectId, "edit");
    const asset = await ownLibraryAsset(db, caller.id, assetId);
    return { success: true, ...(await copyAssetIntoProject(db, storage, asset, projectId, caller.id)) };
  });

  registerStockRoutes(app, db, storage, new UnsplashClient(unsplashSettingsFromEnv(env)));
}
