import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_UPLOAD_BYTES } from "../../domain/upload";
import { findShot } from "../../domain/shotlists/edits";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { uploadShotImageFieldsSchema, type ShotImageResult } from "../../domain/shotlists/schema";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { badRequest, notFound, unsupportedMediaType } from "../errors";
import { parse } from "../validation";
import { receiveUpload } from "../media/receiveUpload";
import { authorizeProject, permissionOn, permits } from "../policies/projectPolicy";
import { recordUpload } from "../services/mediaService";
import type { MediaStorage } from "../storage/storage";
import { listsWithShot, openShotList } from "./shotListService";
import { fileChunks, receiveFormFile } from "../media/multipartParts";

/**
 * POST /api/shot-list/upload-image (spec: shell 7): multipart `file` and `shotId` (and, from this studio's
 * editor, `shotListId`). The bytes decide the type, and only images are kept. The file becomes a media row
 * of the shot list's project and the answer carries its URL; the editor puts it on the shot and saves,
 * so the list document keeps one writer.
 */
export async function registerShotImageUpload(app: FastifyInstance, db: Db, storage: MediaStorage) {
  // Its own scope, so multipart bodies are accepted by this route only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 } });

    scope.post("/api/shot-list/upload-image", async (request): Promise<ShotImageResult> => {
      const caller = requireUser(request);
      if (!request.isMultipart()) throw badRequest('Send the image as multipart form data with "file" and "shotId"');
      const { upload, fileName, projectId } = await receiveImage(request, db, caller.id, storage);
      await recordUpload(db, storage, upload, { projectId, ownerId: caller.id, fileName });
      return { success: true, imageUrl: `/api/media/${upload.id}` };
    });
  });
}

/**
 * The project the shot belongs to, if the caller may edit it. With a shotListId the shot must be in that
 * list; without one, among the lists holding a shot of that id, the first the caller may edit.
 */
export async function projectOfShot(db: Db, userId: string, fields: Record<string, string>): Promise<string> {
  const input = parse(uploadShotImageFieldsSchema, fields);
  if (input.shotListId) {
    const { list } = await openShotList(db, userId, input.shotListId, "edit");
    if (!findShot(list.scenes, input.shotId)) throw notFound(SHOT_LIST_MESSAGES.shotNotFound);
    return list.projectId;
  }
  const candidates = await listsWithShot(db, input.shotId);
  for (const c of candidates) if (permits(await permissionOn(db, userId, c.projectId), "edit")) return c.projectId;
  // Refused with the policy's own answer (view-only or stranger) for the first, else unknown.
  if (candidates[0]) await authorizeProject(db, userId, candidates[0].projectId, "edit");
  throw notFound(SHOT_LIST_MESSAGES.shotNotFound);
}

/** Multipart `file`, `shotId` and optional `shotListId`: only images, of a shot the caller may edit. */
async function receiveImage(request: FastifyRequest, db: Db, userId: string, storage: MediaStorage) {
  const { upload, fileName, allowed } = await receiveFormFile(request, storage, {
    noun: "image",
    oneAtATime: "Please upload one image at a time",
    beforeStore: async (fields) => (fields.shotId ? projectOfShot(db, userId, fields) : null),
    store: async (part) => {
      const upload = await receiveUpload(storage, fileChunks(part), {
        fileName: part.filename,
        declaredMime: part.mimetype,
        maxBytes: MAX_UPLOAD_BYTES,
      });
      if (upload.kind !== "image") {
        await storage.delete(upload.key).catch(() => {});
        throw unsupportedMediaType(SHOT_LIST_MESSAGES.onlyImages);
      }
      return upload;
    },
    afterAll: async (fields, early) => early ?? projectOfShot(db, userId, fields),
  });
  return { upload, fileName, projectId: allowed };
}
