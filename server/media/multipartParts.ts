/** Reading a multipart upload of fields and one file, shared by every upload route (media, assets, shot images). */
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../errors";
import type { MediaStorage } from "../storage/storage";
import { fileTooLarge, type ReceivedUpload } from "./receiveUpload";

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
export function multipartError(err: unknown, oneAtATime: string = "Please upload one file at a time"): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest(oneAtATime);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return badRequest("Too many form fields");
  if (err instanceof HttpError || typeof (err as { statusCode?: unknown }).statusCode === "number") return err;
  return badRequest("Malformed upload form");
}

export interface FormFileOptions<T> {
  /** What the file is called in messages: 'send the image as "file"'. Default "file". */
  noun?: string;
  /** The answer to a second file part (FST_FILES_LIMIT). */
  oneAtATime?: string;
  /**
   * Asked when the file arrives, with the fields read so far: the caller's right to store it, or null when
   * the fields needed to decide have not come yet. A refusal throws, and nothing is stored.
   */
  beforeStore(fields: Record<string, string>): Promise<T | null>;
  /** Stores the file part; removes what it stored itself when it refuses the bytes. */
  store(part: MultipartFile): Promise<ReceivedUpload>;
  /** Asked once all fields are read, with the early answer: the final right to keep it (a refusal deletes it). */
  afterAll(fields: Record<string, string>, early: T | null): Promise<T>;
}

/**
 * A multipart form of text fields and one file called "file", in either order (browsers send append order,
 * often the file first). When the fields come first the caller is checked before a byte is stored;
 * otherwise the stored file is checked afterwards and deleted again on refusal, or on any other failure.
 */
export async function receiveFormFile<T>(
  request: FastifyRequest,
  storage: MediaStorage,
  options: FormFileOptions<T>,
): Promise<{ upload: ReceivedUpload; fileName: string; allowed: T }> {
  const noun = options.noun ?? "file";
  const fields: Record<string, string> = {};
  let received: { upload: ReceivedUpload; fileName: string } | null = null;
  let early: T | null = null;
  const parts = request.parts();
  try {
    for (;;) {
      const next = await parts.next().catch((err: unknown) => {
        throw multipartError(err, options.oneAtATime);
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      try {
        if (part.fieldname !== "file") throw badRequest(`Unexpected file field "${part.fieldname}": send the ${noun} as "file"`);
        early = await options.beforeStore(fields);
        received = { upload: await options.store(part), fileName: part.filename };
      } catch (err) {
        part.file.resume(); // read past the rest of the file, so our answer reaches the client
        throw err;
      }
    }
    if (!received) throw badRequest(`No ${noun} uploaded: send the ${noun} as "file"`);
    return { ...received, allowed: await options.afterAll(fields, early) };
  } catch (err) {
    if (received) await storage.delete(received.upload.key).catch(() => {});
    throw err;
  }
}
