import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_MESSAGES, STOCK_PAGE_SIZE } from "../../domain/assetLibrary";
import { media } from "../db/schema";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { startFakeUnsplash, type FakeUnsplash } from "./fakeUnsplash";
import { PNG } from "../test/multipart";
import { UnsplashClient, unsplashSettingsFromEnv } from "./unsplashClient";

/** The routes read UNSPLASH_* when the app is built; each harness gets the settings it needs. */
async function harnessWith(env: Record<string, string | undefined>): Promise<Harness> {
  const saved = { UNSPLASH_ACCESS_KEY: process.env.UNSPLASH_ACCESS_KEY, UNSPLASH_API_URL: process.env.UNSPLASH_API_URL };
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    return await createHarness();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe("with an Unsplash access key (fake Unsplash on 127.0.0.1)", () => {
  let fake: FakeUnsplash;
  let h: Harness;
  let ann: TestUser;

  beforeAll(async () => {
    fake = await startFakeUnsplash("test-access-key");
    h = await harnessWith({ UNSPLASH_ACCESS_KEY: "test-access-key", UNSPLASH_API_URL: fake.url });
    ann = await h.signUp("Ann");
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("reports stock as enabled", async () => {
    expect(await h.call(ann, "GET", "/api/assets/unsplash/status")).toEqual({ status: 200, body: { enabled: true } });
  });

  it("searches with the Client-ID header and maps photos to stock assets with attribution", async () => {
    const res = await h.call(ann, "GET", "/api/assets/unsplash/search?query=mountain&page=1");
    expect(res.status).toBe(200);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe("/search/photos");
    expect(sent.authorization).toBe("Client-ID test-access-key");
    expect(Object.fromEntries(sent.query)).toEqual({ query: "mountain", page: "1", per_page: String(STOCK_PAGE_SIZE) });

    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(30); // Unsplash's own cap on a page
    expect(res.body.hasMore).toBe(true);
    const first = res.body.data[0];
    expect(first).toEqual({
      id: "unsplash-photo0",
      unsplash_id: "photo0",
      url: `${fake.url}/images/photo0.png?w=1080`,
      thumb: `${fake.url}/images/photo0.png?w=400`,
      filename: "mountain-lake-at-dawn-0-photo0.jpg",
      contentType: "image/jpeg",
      author: "Ansel <b>Adams</b>", // text, never markup: the dialog renders it as text
      author_url: "https://unsplash.com/@user_photo0?utm_source=reelgraph&utm_medium=referral",
      unsplash_url: "https://unsplash.com/photos/photo0?utm_source=reelgraph&utm_medium=referral",
      download_location: `${fake.url}/photos/photo0/download?ixid=fake123`,
      attribution: "Photo by Ansel <b>Adams</b> on Unsplash",
      description: "Mountain lake at dawn 0",
      width: 4000,
      height: 3000,
      color: "#406080",
    });
    expect(res.body.data.every((a: { description: string }) => a.description.startsWith("Mountain"))).toBe(true);
  });

  it("pages through a search until Unsplash has no more", async () => {
    const second = await h.call(ann, "GET", "/api/assets/unsplash/search?query=mountain&page=2");
    expect(second.body).toMatchObject({ success: true, page: 2, hasMore: false });
    expect(second.body.data).toHaveLength(8); // 38 mountain photos: 30 + 8
    expect(second.body.data[0].unsplash_id).toBe("photo60");
    const beyond = await h.call(ann, "GET", "/api/assets/unsplash/search?query=mountain&page=3");
    expect(beyond.body).toMatchObject({ data: [], hasMore: false });
  });

  it("without a query, pages the editorial feed (/photos) by its Link header", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push((await h.call(ann, "GET", `/api/assets/unsplash/search?page=${page}`)).body);
    expect(fake.requests.at(-1)!.path).toBe("/photos");
    expect(pages.map((p) => [p.data.length, p.hasMore])).toEqual([
      [30, true],
      [30, true],
      [15, false],
    ]);
  });

  it("refuses malformed paging", async () => {
    expect((await h.call(ann, "GET", "/api/assets/unsplash/search?query=x&page=0")).body).toMatchObject({
      code: "bad_request",
      error: "page starts at 1",
    });
    expect((await h.call(ann, "GET", "/api/assets/unsplash/search?query=x&page=abc")).status).toBe(400);
  });

  it("tracks a download by calling the photo's download_location with the key", async () => {
    const location = `${fake.url}/photos/photo4/download?ixid=fake123`;
    const res = await h.call(ann, "POST", "/api/assets/unsplash/track-download", { downloadLocation: location });
    expect(res).toEqual({ status: 200, body: { success: true } });
    expect(fake.downloads.get("photo4")).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/photos/photo4/download", authorization: "Client-ID test-access-key" });
  });

  it.each([
    ["another host", "http://127.0.0.2:9/photos/photo4/download"],
    ["another port on the same host", "http://127.0.0.1:1/photos/photo4/download"],
    ["another path on the API", "/me"],
    ["a path escape", "/photos/../me/download"],
    ["a look-alike official host", "https://api.unsplash.com.evil.example/photos/a/download"],
    ["credentials in the URL", "https://user:pw@api.unsplash.com/photos/a/download"],
    ["not a URL", "photos/a/download"],
  ])("refuses to track a download_location on %s, and fetches nothing", async (_label, raw) => {
    const downloadLocation = raw.startsWith("/") ? `${fake.url}${raw}` : raw;
    const before = fake.requests.length;
    const res = await h.call(ann, "POST", "/api/assets/unsplash/track-download", { downloadLocation });
    expect(res).toMatchObject({ status: 400, body: { error: ASSET_MESSAGES.foreignDownloadLocation, code: "bad_request" } });
    expect(fake.requests.length).toBe(before);
  });

  it("imports a stock photo into the caller's library as studio media", async () => {
    const before = fake.imageRequests;
    const res = await h.call(ann, "POST", "/api/assets/unsplash/import", { unsplashId: "photo2" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
      asset: { filename: "mountain-lake-at-dawn-2-photo2.png", contentType: "image/png", size: PNG.length },
    });
    expect(fake.imageRequests).toBe(before + 1);
    const listed = await h.call(ann, "GET", "/api/assets/list");
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(res.body.asset.id);
    const served = await h.server.inject({ method: "GET", url: res.body.url, headers: ann.headers });
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it("refuses to import from an image host that is not Unsplash's, or a file that is not an image", async () => {
    const rows = async () => (await h.database.db.select().from(media)).length;
    const before = { rows: await rows(), images: fake.imageRequests };
    const elsewhere = await h.call(ann, "POST", "/api/assets/unsplash/import", { unsplashId: "elsewhere" });
    expect(elsewhere.status).toBe(502);
    const text = await h.call(ann, "POST", "/api/assets/unsplash/import", { unsplashId: "notanimage" });
    expect(text).toMatchObject({ status: 502, body: { error: "Unsplash sent a file that is not an image", code: "upstream_failed" } });
    const unknown = await h.call(ann, "POST", "/api/assets/unsplash/import", { unsplashId: "missing" });
    expect(unknown.status).toBe(404);
    expect((await h.call(ann, "POST", "/api/assets/unsplash/import", { unsplashId: "../me" })).status).toBe(400);
    expect(await rows()).toBe(before.rows);
    expect(fake.imageRequests).toBe(before.images + 1); // only the text file was fetched, then refused
  });
});

describe("with a wrong access key", () => {
  it("says Unsplash refused the key", async () => {
    const fake = await startFakeUnsplash("the-right-key");
    const h = await harnessWith({ UNSPLASH_ACCESS_KEY: "a-wrong-key", UNSPLASH_API_URL: fake.url });
    try {
      const user = await h.signUp("Eve");
      const res = await h.call(user, "GET", "/api/assets/unsplash/search?query=sea");
      expect(res).toMatchObject({ status: 502, body: { error: "Unsplash refused the studio's access key. Check UNSPLASH_ACCESS_KEY." } });
    } finally {
      await h.close();
      await fake.close();
    }
  });
});

describe("without an Unsplash access key", () => {
  let h: Harness;
  let user: TestUser;
  beforeAll(async () => {
    h = await harnessWith({ UNSPLASH_ACCESS_KEY: undefined, UNSPLASH_API_URL: undefined });
    user = await h.signUp("Nokey");
  });
  afterAll(() => h.close());

  it("reports stock as disabled and explains how to enable it", async () => {
    expect((await h.call(user, "GET", "/api/assets/unsplash/status")).body).toEqual({ enabled: false });
    const res = await h.call(user, "GET", "/api/assets/unsplash/search?query=sea");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: ASSET_MESSAGES.stockDisabled, code: "not_configured" });
    expect(res.body.error).toContain("UNSPLASH_ACCESS_KEY");
    expect((await h.call(user, "POST", "/api/assets/unsplash/import", { unsplashId: "abc" })).status).toBe(503);
  });
});

describe("which download_location URLs the client accepts", () => {
  const official = new UnsplashClient(unsplashSettingsFromEnv({ UNSPLASH_ACCESS_KEY: "k" }));
  it("takes the official API's photo download endpoint only", () => {
    expect(official.downloadEndpoint("https://api.unsplash.com/photos/Dwu85P9SOIk/download?ixid=M3w")).not.toBeNull();
    expect(official.downloadEndpoint("http://api.unsplash.com/photos/Dwu85P9SOIk/download")).toBeNull();
    expect(official.downloadEndpoint("https://api.unsplash.com:8443/photos/a/download")).toBeNull();
    expect(official.downloadEndpoint("https://images.unsplash.com/photos/a/download")).toBeNull();
    expect(official.downloadEndpoint("https://api.unsplash.com/users/a/download")).toBeNull();
  });
  it("takes photo files from Unsplash's image hosts over https only", () => {
    expect(official.isImageUrl("https://images.unsplash.com/photo-1?w=1080")).toBe(true);
    expect(official.isImageUrl("http://images.unsplash.com/photo-1")).toBe(false);
    expect(official.isImageUrl("https://images.unsplash.com.evil.example/photo-1")).toBe(false);
    expect(official.allowedAddress()).toBeUndefined(); // the strict SSRF policy, unchanged
  });
});
