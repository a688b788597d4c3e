/** Reading one file part of a multipart upload, shared by every upload route (media, assets, shot images). */
import type { MultipartFile } from "@fastify/multipart";
import { badRequest, HttpError } from "../http/errors";
import { fileTooLarge } from "./receiveUpload";

/** The file's bytes; busboy stops at the size limit and marks the stream truncated, which is our 413. */
export async function* fileChunks(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file) yield chunk as Buffer;
  } catch {
    throw badRequest("The upload was interrupted. Please try again.");
  }
  if (part.file.truncated) throw fileTooLarge();
}

/** @fastify/multipart's own limit errors, in our words. */
export function multipartError(err: unknown, oneAtATime = "Please upload one file at a time"): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest(oneAtATime);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return badRequest("Too many form fields");
  if (err instanceof HttpError || typeof (err as { statusCode?: unknown }).statusCode === "number") return err;
  return badRequest("Malformed upload form");
}
