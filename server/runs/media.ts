/** How a run reads its inputs: studio media checked against its user's permission, other URLs through safeFetch. */
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import type { MediaBytes } from "../generation/engine";
import { safeFetch } from "../net/safeFetch";
import { mediaForCaller } from "../services/mediaService";
import type { RunDeps } from "./deps";
import { ProviderError } from "./failure";

const STUDIO_MEDIA = /^\/api\/media\/([0-9a-f-]{36})$/i;

export async function readRunMedia(
  deps: Pick<RunDeps, "db" | "storage">,
  userId: string,
  url: string,
  signal: AbortSignal,
): Promise<MediaBytes> {
  const match = STUDIO_MEDIA.exec(url);
  if (match) {
    const row = await mediaForCaller(deps.db, userId, match[1]!);
    const object = await deps.storage.get(row.key);
    if (!object) throw new ProviderError("An input file is missing from storage");
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), contentType: row.contentType };
  }
  if (signal.aborted) throw new ProviderError(GENERATION_MESSAGES.cancelled);
  const fetched = await safeFetch(url);
  if (fetched.status >= 400) throw new ProviderError(`An input file could not be fetched (${fetched.status})`);
  return { bytes: fetched.body, contentType: fetched.contentType };
}

/** A URL a hosted provider can fetch: studio media as a data URI (spec canvas 7), other URLs as they are. */
export async function publicRunUrl(
  deps: Pick<RunDeps, "db" | "storage">,
  userId: string,
  url: string,
  signal: AbortSignal,
): Promise<string> {
  if (!STUDIO_MEDIA.test(url)) return url;
  const media = await readRunMedia(deps, userId, url, signal);
  return `data:${media.contentType};base64,${media.bytes.toString("base64")}`;
}
