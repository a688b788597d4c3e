import http from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "../test/multipart";

/**
 * TEST SUPPORT: a stand-in for api.unsplash.com on 127.0.0.1, speaking the parts of their protocol the
 * studio uses (https://unsplash.com/documentation): GET /search/photos {total, total_pages, results},
 * GET /photos with Link / X-Total headers, GET /photos/:id, GET /photos/:id/download {url}, and the image
 * files themselves (images.unsplash.com's role). Like the real API it caps per_page at 30 and answers
 * 401 without a valid `Authorization: Client-ID …` header.
 */

const MAX_PER_PAGE = 30;

export interface FakeUnsplash {
  /** The API base, for UNSPLASH_API_URL. */
  url: string;
  accessKey: string;
  /** Every API request (not image files): path, query and the Authorization header. */
  requests: { path: string; query: URLSearchParams; authorization: string | undefined }[];
  /** download_location calls per photo id. */
  downloads: Map<string, number>;
  imageRequests: number;
  close(): Promise<void>;
}

interface FakePhoto {
  id: string;
  description: string;
  author: string;
  /** Where urls.regular points; default: this server's /images/{id}.png. */
  regular?: string;
  /** What /images/{id}.png serves; default the PNG. */
  file?: Buffer;
}

/** 75 photos: even ones "Mountain lake …", odd ones "City street …"; plus two odd cases fetched by id only. */
function catalogue(): FakePhoto[] {
  const photos: FakePhoto[] = Array.from({ length: 75 }, (_, i) => ({
    id: `photo${i}`,
    description: i % 2 === 0 ? `Mountain lake at dawn ${i}` : `City street at night ${i}`,
    author: i === 0 ? "Ansel <b>Adams</b>" : `Photographer ${i}`,
  }));
  return photos;
}

const ODD_PHOTOS: FakePhoto[] = [
  { id: "elsewhere", description: "Hosted on a stranger's server", author: "Mallory", regular: "http://127.0.0.2:9/steal.png" },
  { id: "notanimage", description: "A text file posing as a photo", author: "Trudy", file: Buffer.from("just some text, not a picture") },
];

export async function startFakeUnsplash(accessKey = "fake-unsplash-key"): Promise<FakeUnsplash> {
  const photos = catalogue();
  const byId = new Map([...photos, ...ODD_PHOTOS].map((p) => [p.id, p]));
  const state = { requests: [] as FakeUnsplash["requests"], downloads: new Map<string, number>(), imageRequests: 0 };
  let base = "";

  const toJson = (p: FakePhoto) => ({
    id: p.id,
    width: 4000,
    height: 3000,
    color: "#406080",
    description: p.description,
    alt_description: p.description.toLowerCase(),
    urls: {
      raw: `${base}/images/${p.id}.png`,
      full: `${base}/images/${p.id}.png?q=85`,
      regular: p.regular ?? `${base}/images/${p.id}.png?w=1080`,
      small: `${base}/images/${p.id}.png?w=400`,
      thumb: `${base}/images/${p.id}.png?w=200`,
    },
    links: {
      self: `${base}/photos/${p.id}`,
      html: `https://unsplash.com/photos/${p.id}`,
      download: `https://unsplash.com/photos/${p.id}/download`,
      download_location: `${base}/photos/${p.id}/download?ixid=fake123`,
    },
    user: { id: `u-${p.id}`, username: `user_${p.id}`, name: p.author, links: { html: `https://unsplash.com/@user_${p.id}` } },
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const image = /^\/images\/([\w-]+)\.png$/.exec(url.pathname);
    if (image) {
      state.imageRequests += 1;
      const p = byId.get(image[1]!);
      if (!p) return send(404, { errors: ["Not found"] });
      res.writeHead(200, { "content-type": p.file ? "text/plain" : "image/png" });
      return void res.end(p.file ?? PNG);
    }
    state.requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Client-ID ${accessKey}`) return send(401, { errors: ["OAuth error: The access token is invalid"] });

    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(url.searchParams.get("per_page") ?? 10) || 10));
    const slice = (list: FakePhoto[]) => list.slice((page - 1) * perPage, page * perPage).map(toJson);

    if (url.pathname === "/search/photos") {
      const q = (url.searchParams.get("query") ?? "").toLowerCase();
      if (!q) return send(400, { errors: ["query is missing"] });
      const hits = photos.filter((p) => p.description.toLowerCase().includes(q));
      return send(200, { total: hits.length, total_pages: Math.ceil(hits.length / perPage), results: slice(hits) });
    }
    if (url.pathname === "/photos") {
      const last = Math.ceil(photos.length / perPage);
      const link = (n: number, rel: string) => `<${base}/photos?page=${n}&per_page=${perPage}>; rel="${rel}"`;
      const links = [
        link(1, "first"),
        ...(page > 1 ? [link(page - 1, "prev")] : []),
        link(last, "last"),
        ...(page < last ? [link(page + 1, "next")] : []),
      ];
      return send(200, slice(photos), { link: links.join(", "), "x-total": String(photos.length), "x-per-page": String(perPage) });
    }
    const download = /^\/photos\/([\w-]+)\/download$/.exec(url.pathname);
    if (download) {
      const p = byId.get(download[1]!);
      if (!p) return send(404, { errors: ["Couldn't find Photo"] });
      state.downloads.set(p.id, (state.downloads.get(p.id) ?? 0) + 1);
      return send(200, { url: `${base}/images/${p.id}.png?ixid=fake123` });
    }
    const one = /^\/photos\/([\w-]+)$/.exec(url.pathname);
    if (one) {
      const p = byId.get(one[1]!);
      return p ? send(200, toJson(p)) : send(404, { errors: ["Couldn't find Photo"] });
    }
    send(404, { errors: ["Not found"] });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    accessKey,
    get requests() {
      return state.requests;
    },
    get downloads() {
      return state.downloads;
    },
    get imageRequests() {
      return state.imageRequests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
