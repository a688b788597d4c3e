/**
 * A run's products become studio media here, for generations, tools and the LoRA trainer alike: stored
 * under a generated name, recorded for the run's project and user, served as `/api/media/<id>`.
 */
import { randomUUID } from "node:crypto";
import type { MediaType } from "../../domain/generation/modelTypes";
import { classifyHead } from "../media/sniffUpload";
import { insertMedia, type NewMediaRow } from "../services/mediaService";
import type { MediaBytes } from "../generation/engine";
import type { RunDeps } from "./deps";
import { ProviderError } from "./failure";

type Deps = Pick<RunDeps, "db" | "storage">;
/** Whose run it was: the media row belongs to its project and user. */
type Run = { projectId: string; userId: string };
export type OutputMediaType = Exclude<MediaType, "text">;

const EXTENSION: Record<OutputMediaType, string> = { image: "png", video: "mp4", audio: "wav", "3d": "glb" };

/** A run's product as stored, with its media row not yet written (`recordRunMedia`, or RunResult.media). */
export interface StoredRunFile {
  url: string;
  media: NewMediaRow;
}

/** Bytes stored as they are, with the type and extension given (the caller vouches for them); the row is the caller's to record. */
export async function putRunFile(
  deps: Pick<RunDeps, "storage">,
  run: Run,
  bytes: Buffer,
  type: { ext: string; contentType: string },
  originalName: string | null = null,
): Promise<StoredRunFile> {
  const id = randomUUID();
  const key = `${id.slice(0, 2)}/${id}.${type.ext}`;
  await deps.storage.put(key, bytes, type.contentType);
  const media = { id, projectId: run.projectId, ownerId: run.userId, key, contentType: type.contentType, size: bytes.length, originalName };
  return { url: `/api/media/${id}`, media };
}

/** Rows of products stored by `putRunFile`, written now: before anything shows their URLs. */
export async function recordRunMedia(deps: Pick<RunDeps, "db">, files: StoredRunFile[]): Promise<void> {
  await insertMedia(
    deps.db,
    files.map((file) => file.media),
  );
}

/** Bytes stored as they are and recorded (putRunFile and recordRunMedia). */
export async function keepRunFile(
  deps: Deps,
  run: Run,
  bytes: Buffer,
  type: { ext: string; contentType: string },
  originalName: string | null = null,
): Promise<string> {
  const stored = await putRunFile(deps, run, bytes, type, originalName);
  await recordRunMedia(deps, [stored]);
  return stored.url;
}

/**
 * An engine's or tool's output file, typed from its bytes (never from the provider's word); text where
 * media was expected is refused with a message naming who made it (`producer`). Stored, its row not yet
 * recorded (putRunFile).
 */
export async function putRunOutput(
  deps: Pick<RunDeps, "storage">,
  run: Run,
  file: MediaBytes,
  mediaType: OutputMediaType,
  producer: string,
): Promise<StoredRunFile> {
  const type = await classifyHead(file.bytes.subarray(0, 64 * 1024), `output.${EXTENSION[mediaType]}`, file.contentType);
  if (type === "text") throw new ProviderError(`${producer} returned text where ${mediaType} was expected`);
  return putRunFile(deps, run, file.bytes, type);
}

/** putRunOutput, recorded at once. */
export async function storeRunOutput(
  deps: Deps,
  run: Run,
  file: MediaBytes,
  mediaType: OutputMediaType,
  producer: string,
): Promise<string> {
  const stored = await putRunOutput(deps, run, file, mediaType, producer);
  await recordRunMedia(deps, [stored]);
  return stored.url;
}
