import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { findModel } from "../../../domain/generation/catalogue";
import { ProviderError } from "../engine";
import { providerClient } from "./http";
import { seedWithin } from "./inputs";
import { findFileUrls, percentFromLogs } from "./outputs";
import { describe as describeBody, httpFailure } from "./providerErrors";
import { sampleGlb } from "./fakes/sampleMedia";

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    }),
);

/** A server streaming `bytes` in 64 kB chunks, optionally without Content-Length. */
async function serve(bytes: Buffer, headers: Record<string, string | number>): Promise<string> {
  server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    for (let i = 0; i < bytes.length; i += 65_536) res.write(bytes.subarray(i, i + 65_536));
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
}

const client = (signal = new AbortController().signal) =>
  providerClient({ name: "fal.ai", signal, timeoutMs: 2_000, secrets: ["secret-key-123"] });

describe("result downloads", () => {
  it("refuses a file over the cap from its Content-Length", async () => {
    const url = await serve(Buffer.alloc(300_000), { "Content-Type": "video/mp4", "Content-Length": 300_000 });
    await expect(client().download(url, { maxBytes: 200_000 })).rejects.toThrow(/^fal.ai returned a file larger than/);
  });

  it("stops reading a file that grows past the cap without announcing its size", async () => {
    const url = await serve(Buffer.alloc(1_000_000), { "Content-Type": "video/mp4" });
    const err = await client()
      .download(url, { maxBytes: 200_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toContain("larger than");
  });

  it("recognises a generic octet-stream from its bytes", async () => {
    const glb = sampleGlb("x");
    const url = await serve(glb, { "Content-Type": "application/octet-stream" });
    expect(await client().download(url)).toEqual({ bytes: glb, contentType: "model/gltf-binary" });
  });

  it("decodes a data: URI result without a network call", async () => {
    const media = await client().download(`data:image/png;base64,${Buffer.from("png-bytes").toString("base64")}`);
    expect(media).toEqual({ bytes: Buffer.from("png-bytes"), contentType: "image/png" });
  });
});

describe("failure messages", () => {
  it("never shows the key, even when a provider echoes it in its detail", () => {
    const err = httpFailure("Runway", 400, { error: "Bad key secret-key-123 for model" }, ["secret-key-123"]);
    expect(err.message).toBe("Runway refused the request: Bad key *** for model");
    expect(err.status).toBe(400);
    expect(err.retryable).toBe(false);
  });

  it("reads the usual error shapes", () => {
    expect(describeBody({ detail: [{ loc: ["body", "x"], msg: "field required" }, { msg: "too long" }] })).toBe("field required; too long");
    expect(describeBody({ error: { message: "model not found", code: null } })).toBe("model not found");
    expect(describeBody({ title: "Input validation failed", status: 422 })).toBe("Input validation failed");
    expect(describeBody("plain text")).toBe("plain text");
  });

  it("tolerates a few transient failures while polling, then gives up", async () => {
    let calls = 0;
    const result = await client().poll(
      async () => {
        calls += 1;
        if (calls <= 2) throw new ProviderError("fal.ai is unavailable (502). Please try again.", 502, true);
        return calls === 4 ? "done" : undefined;
      },
      { intervalMs: 1, maxIntervalMs: 2, deadlineMs: 1_000 },
    );
    expect(result).toBe("done");

    let failing = 0;
    const err = await client()
      .poll(
        async () => {
          failing += 1;
          throw new ProviderError("fal.ai is unavailable (503). Please try again.", 503, true);
        },
        { intervalMs: 1, maxIntervalMs: 2, deadlineMs: 1_000 },
      )
      .catch((e: unknown) => e);
    expect((err as ProviderError).status).toBe(503);
    expect(failing).toBe(4);
  });
});

describe("reading provider answers", () => {
  it("finds result files by content type, file name or extension, skipping echoed inputs", () => {
    const answer = {
      images: [
        { url: "https://cdn/a.png", content_type: "image/png" },
        { url: "https://cdn/b", content_type: "image/jpeg" },
      ],
      input: { image_url: "https://cdn/input.png" },
      model_mesh: { url: "https://cdn/mesh", file_name: "mesh.glb" },
    };
    expect(findFileUrls(answer, "image")).toEqual(["https://cdn/a.png", "https://cdn/b"]);
    expect(findFileUrls(answer, "3d")).toEqual(["https://cdn/mesh"]);
    expect(findFileUrls(["https://cdn/out-0.webp", "https://cdn/out-1.webp"], "image")).toHaveLength(2);
  });

  it("takes the last tqdm percentage from logs", () => {
    expect(percentFromLogs("Loading\n 10%|█ | 1/10\n 70%|███████ | 7/10")).toBe(70);
    expect(percentFromLogs(["no progress here"])).toBeUndefined();
  });

  it("folds the variation's seed into the model's seed range", () => {
    const seedProp = findModel("fal-ai/hyper3d/rodin")!.inputSchema.properties.seed!;
    expect(seedWithin(42, seedProp)).toBe(42);
    expect(seedWithin(65_536 + 7, seedProp)).toBe(7);
    expect(seedWithin(-1, seedProp)).toBe(65_535);
  });
});
