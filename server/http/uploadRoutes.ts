import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadFieldsSchema, urlUploadSchema, type UploadResult } from "../../domain/upload";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { receiveUpload, type ReceivedUpload } from "../media/receiveUpload";
import { SAFE_FETCH_ERROR_CODES, SafeFetchError, safeFetch } from "../net/safeFetch";
import { authorizeProject } from "../policies/projectPolicy";
import { recordUpload, mediaForCaller } from "../services/mediaService";
import { sendMedia } from "../media/sendMedia";
import { sendThumbnail, thumbnailOf } from "../media/thumbnail";
import type { MediaStorage } from "../storage/storage";
import { relayedError, upstreamFailed } from "../errors";
import { parse } from "../validation";
import { fileChunks, receiveFormFile } from "../media/multipartParts";

/**
 * POST /api/upload-media (spec canvas 7): a multipart file, or `{url}` fetched server-side, into a
 * project's media. GET /api/media/:id serves it back to project members, never as active content, and
 * GET /api/media/:id/thumbnail a small stored WebP of an image.
 */

export async function registerUploadRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  // Its own scope, so multipart bodies are accepted by these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 12 } });

    scope.post("/api/upload-media", async (request): Promise<UploadResult> => {
      const caller = requireUser(request);
      const { upload, projectId, fileName } = request.isMultipart()
        ? await receiveForm(request, db, caller.id, storage)
        : await receiveFromUrl(request, db, caller.id, storage);
      await recordUpload(db, storage, upload, { projectId, ownerId: caller.id, fileName });
      return {
        success: true,
        url: `/api/media/${upload.id}`,
        type: upload.kind,
        contentType: upload.contentType,
        size: upload.size,
        ...(upload.text !== undefined ? { content: upload.text } : {}),
      };
    });

    // HEAD declared here rather than left to Fastify, whose automatic HEAD reads the whole stream and
    // reports Content-Length 0; the client uses HEAD as an access test (spec canvas 7).
    scope.route({
      method: ["GET", "HEAD"],
      url: "/api/media/:id",
      handler: async (request, reply) => {
        const caller = requireUser(request);
        const row = await mediaForCaller(db, caller.id, (request.params as { id?: string }).id);
        return sendMedia(request, reply, row, storage);
      },
    });

    // A small rendition of an image (the canvas's zoomed-out cards), made once and stored;
    // the same access rule as the media itself.
    scope.route({
      method: ["GET", "HEAD"],
      url: "/api/media/:id/thumbnail",
      handler: async (request, reply) => {
        const caller = requireUser(request);
        const row = await mediaForCaller(db, caller.id, (request.params as { id?: string }).id);
        return sendThumbnail(reply, row, await thumbnailOf(row, storage), request.method === "HEAD");
      },
    });
  });
}

interface Received {
  upload: ReceivedUpload;
  projectId: string;
  fileName: string;
}

/** Multipart `file` and `projectId`: the caller must be able to edit the project (see receiveFormFile). */
async function receiveForm(request: FastifyRequest, db: Db, userId: string, storage: MediaStorage): Promise<Received> {
  const { upload, fileName, allowed } = await receiveFormFile(request, storage, {
    beforeStore: async (fields) => {
      const early = uploadFieldsSchema.safeParse(fields);
      if (!early.success) return null;
      await authorizeProject(db, userId, early.data.projectId, "edit");
      return early.data.projectId;
    },
    store: (part) =>
      receiveUpload(storage, fileChunks(part), { fileName: part.filename, declaredMime: part.mimetype, maxBytes: MAX_UPLOAD_BYTES }),
    afterAll: async (fields, early) => {
      const input = parse(uploadFieldsSchema, fields);
      if (early !== input.projectId) await authorizeProject(db, userId, input.projectId, "edit");
      return input.projectId;
    },
  });
  return { upload, fileName, projectId: allowed };
}

/** JSON `{nodeId, url, contentType, projectId}`: fetch the URL (SSRF-guarded) and store what came back. */
async function receiveFromUrl(request: FastifyRequest, db: Db, userId: string, storage: MediaStorage): Promise<Received> {
  const input = parse(urlUploadSchema, request.body ?? {});
  await authorizeProject(db, userId, input.projectId, "edit");
  let fetched;
  try {
    fetched = await safeFetch(input.url, { maxBytes: MAX_UPLOAD_BYTES });
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    const message = err.status === 413 ? UPLOAD_MESSAGES.tooLarge : err.message;
    throw relayedError(err.status, SAFE_FETCH_ERROR_CODES[err.status], message);
  }
  if (fetched.status < 200 || fetched.status >= 300) {
    throw upstreamFailed(`URL upload failed: the server answered ${fetched.status}`);
  }
  const fileName = fileNameFromUrl(fetched.url);
  const body = fetched.body;
  const upload = await receiveUpload(
    storage,
    (async function* () {
      yield body;
    })(),
    {
      fileName,
      declaredMime: fetched.contentType,
      maxBytes: MAX_UPLOAD_BYTES,
    },
  );
  return { upload, projectId: input.projectId, fileName };
}

/** The last path segment ("https://x/a/clip.mp4?sig=…" → "clip.mp4"); it only helps recognise text files. */
function fileNameFromUrl(url: string): string {
  const last = new URL(url).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
