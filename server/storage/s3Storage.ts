import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { assertSafeKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage";

export interface S3StorageSettings {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, s3rver); absent means AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most S3-compatible services expect. */
  forcePathStyle: boolean;
}

/** Reads S3_* settings; `S3_BUCKET` is the switch (see createStorage). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3StorageSettings {
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error("S3_BUCKET is not set");
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? "true").toLowerCase() !== "false",
  };
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

/** Objects in an S3 bucket: for running more than one server, or keeping media off the app's disk. */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3StorageSettings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // SDK ≥3.729 adds CRC checksums (and aws-chunked bodies for streams) by default; many S3-compatible
      // services, s3rver included, do not understand them. Only send them where S3 demands one.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
      return;
    }
    // A stream has no length up front, which PutObject needs; Upload sends parts (multipart) instead and
    // aborts them when the stream fails (e.g. over the size limit), so no half object remains.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // With a range, ContentLength is the slice; the whole size is after the slash of "bytes 0-9/1234".
      const total = res.ContentRange ? Number(res.ContentRange.split("/")[1]) : res.ContentLength;
      if (!res.Body || total === undefined || !Number.isFinite(total)) throw new Error(`S3 answered no body or size for ${key}`);
      return { body: res.Body as Readable, size: total };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a missing key too, which is the contract we want.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes pooled sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
