import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LocalStorage } from "./localStorage";
import { S3Storage, s3SettingsFromEnv } from "./s3Storage";
import type { MediaStorage } from "./storage";

/**
 * S3 when `S3_BUCKET` is set, else files in `dataDir/media`. Without a data dir (API tests) the files go
 * to a fresh temporary folder, so no two test apps share media.
 */
export function createStorage(env: NodeJS.ProcessEnv, dataDir: string | undefined): MediaStorage {
  if (env.S3_BUCKET) return new S3Storage(s3SettingsFromEnv(env));
  const root = dataDir ? path.join(dataDir, "media") : mkdtempSync(path.join(tmpdir(), "reelgraph-media-"));
  return new LocalStorage(root);
}
