import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ASSET_MESSAGES, assetTypeNotSupported, assetUploadFieldsSchema, libraryKindOf } from "../../domain/assetLibrary";
import { MAX_UPLOAD_BYTES } from "../../domain/upload";
import { HttpError, unsupportedMediaType } from "../errors";
import { parse } from "../validation";
import { receiveUpload, type ReceivedUpload } from "../media/receiveUpload";
import type { MediaStorage } from "../storage/storage";
import { assertOwnUser } from "./ownUser";
import { fileChunks, receiveFormFile } from "../media/multipartParts";

/**
 * The multipart body of POST /api/assets/upload: `file` and an optional `userId`. A foreign userId seen
 * before the file stops us before a byte is stored; one seen after it deletes what was stored. Only
 * image, video and audio are kept (spec canvas 5), as decided from the bytes.
 */
export async function receiveAssetUpload(
  request: FastifyRequest,
  callerId: string,
  storage: MediaStorage,
): Promise<{ upload: ReceivedUpload; fileName: string }> {
  const ownUser = async (fields: Record<string, string>) => assertOwnUser(callerId, parse(assetUploadFieldsSchema, fields).userId);
  const { upload, fileName } = await receiveFormFile(request, storage, {
    beforeStore: ownUser,
    store: (part) => receiveMedia(storage, part),
    afterAll: ownUser,
  });
  return { upload, fileName };
}

async function receiveMedia(storage: MediaStorage, part: MultipartFile): Promise<ReceivedUpload> {
  let upload: ReceivedUpload;
  try {
    // The sniffer accepts text files by their name; the library takes media only, so it is given no
    // name at all and the bytes alone decide (a renamed text file is refused before it is stored).
    upload = await receiveUpload(storage, fileChunks(part), { fileName: "", declaredMime: part.mimetype, maxBytes: MAX_UPLOAD_BYTES });
  } catch (err) {
    if (err instanceof HttpError && err.status === 415) throw notMedia(refusedType(err.message) ?? part.mimetype);
    throw err;
  }
  if (!libraryKindOf(upload.contentType)) {
    // Binary formats the studio takes elsewhere (glb, docx) are not library media.
    await storage.delete(upload.key).catch(() => {});
    throw notMedia(upload.contentType);
  }
  return upload;
}

/**
 * A type that is media by name but not by its bytes (a text file renamed photo.png) gets a plain "not a
 * real image" rather than the paradox "image/png not supported".
 */
function notMedia(type: string): HttpError {
  const bare = type.split(";")[0]!.trim() || "unknown";
  // SVG is refused for what it is (it can carry script), not because its bytes disagree with its name.
  const message = libraryKindOf(bare) && bare !== "image/svg+xml" ? ASSET_MESSAGES.notRealMedia : assetTypeNotSupported(bare);
  return unsupportedMediaType(message);
}

/** The type the sniffer named in its refusal (domain/upload's unsupportedFileType wording). */
const refusedType = (message: string) => /^File type (.+?) not supported\./.exec(message)?.[1] ?? null;
