import { isIP } from "node:net";
import { ASSET_MESSAGES, STOCK_PAGE_SIZE } from "../../domain/assetLibrary";
import { badRequest, notConfigured, notFound, upstreamFailed } from "../errors";
import { isPublicAddress } from "../net/addressPolicy";
import { readPhotos, unsplashPhotoSchema, type UnsplashPhoto } from "./unsplashPhoto";

/**
 * Talks to the Unsplash API (https://unsplash.com/documentation) with the studio's access key. Only the
 * configured API origin is ever called with the key; the photo bytes come from Unsplash's image CDN
 * through safeFetch (see stockRoutes.ts). UNSPLASH_API_URL points it at another server (tests, a proxy).
 */

export const UNSPLASH_API = "https://api.unsplash.com";
/** Where Unsplash serves photo files (urls.regular and friends). */
const IMAGE_HOSTS = new Set(["images.unsplash.com", "plus.unsplash.com"]);
const API_TIMEOUT_MS = 10_000;

export interface UnsplashSettings {
  accessKey: string | null;
  apiBase: URL;
}

export function unsplashSettingsFromEnv(env: NodeJS.ProcessEnv): UnsplashSettings {
  const raw = env.UNSPLASH_API_URL?.trim() || UNSPLASH_API;
  let apiBase: URL;
  try {
    apiBase = new URL(raw.endsWith("/") ? raw : `${raw}/`);
  } catch {
    throw new Error(`UNSPLASH_API_URL must be an http(s) URL, got "${raw}"`);
  }
  if (apiBase.protocol !== "https:" && apiBase.protocol !== "http:")
    throw new Error(`UNSPLASH_API_URL must be an http(s) URL, got "${raw}"`);
  return { accessKey: env.UNSPLASH_ACCESS_KEY?.trim() || null, apiBase };
}

export interface StockPage {
  photos: UnsplashPhoto[];
  hasMore: boolean;
}

const unavailable = (message: string = ASSET_MESSAGES.stockUnavailable) => upstreamFailed(message);

export class UnsplashClient {
  constructor(readonly settings: UnsplashSettings) {}

  get enabled(): boolean {
    return this.settings.accessKey !== null;
  }

  /** A page of search results, or of the editorial feed when the query is empty. */
  async search(query: string, page: number): Promise<StockPage> {
    // Unsplash caps per_page at 30 whatever we ask; "more" comes from their totals, not the page length.
    const params = new URLSearchParams({ page: String(page), per_page: String(STOCK_PAGE_SIZE) });
    if (query) {
      params.set("query", query);
      const { body } = await this.get(`search/photos?${params}`);
      const totalPages = Number((body as { total_pages?: unknown })?.total_pages);
      return { photos: readPhotos((body as { results?: unknown })?.results), hasMore: Number.isFinite(totalPages) && page < totalPages };
    }
    const { body, headers } = await this.get(`photos?${params}`);
    const photos = readPhotos(body);
    return { photos, hasMore: hasNextPage(headers, page, photos.length) };
  }

  async photo(id: string): Promise<UnsplashPhoto> {
    const { body } = await this.get(`photos/${encodeURIComponent(id)}`);
    const parsed = unsplashPhotoSchema.safeParse(body);
    if (!parsed.success) throw unavailable("Unsplash sent a photo we could not read");
    return parsed.data;
  }

  /**
   * Unsplash's guideline: tell them each time a photo is used, by calling its download_location. Only
   * their API (or the configured one) is called, never a URL a client made up.
   */
  async trackDownload(downloadLocation: string): Promise<void> {
    const url = this.downloadEndpoint(downloadLocation);
    if (!url) throw badRequest(ASSET_MESSAGES.foreignDownloadLocation);
    await this.request(url);
  }

  /** The download_location as a URL on the API origin with the /photos/{id}/download path, or null. */
  downloadEndpoint(raw: string): URL | null {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.username || url.password) return null;
    const official = url.protocol === "https:" && url.host === "api.unsplash.com" && !url.port;
    const configured = url.origin === this.settings.apiBase.origin;
    if (!official && !configured) return null;
    const prefix = configured ? this.settings.apiBase.pathname : "/";
    if (!url.pathname.startsWith(prefix)) return null;
    return /^photos\/[A-Za-z0-9_-]{1,64}\/download$/.test(url.pathname.slice(prefix.length)) ? url : null;
  }

  /** Photo files only from Unsplash's image hosts over https, or from the configured API's own origin. */
  isImageUrl(raw: string): boolean {
    try {
      const url = new URL(raw);
      if (url.username || url.password) return false;
      if (url.protocol === "https:" && IMAGE_HOSTS.has(url.hostname) && !url.port) return true;
      return this.isConfiguredElsewhere() && url.origin === this.settings.apiBase.origin;
    } catch {
      return false;
    }
  }

  /**
   * For safeFetch: the public internet as always, plus the configured API host when it is given as an IP
   * (a local stand-in on 127.0.0.1 is the operator's choice, not a user's).
   */
  allowedAddress(): ((ip: string) => boolean) | undefined {
    if (!this.isConfiguredElsewhere()) return undefined;
    const host = this.settings.apiBase.hostname.replace(/^\[|\]$/g, "");
    return isIP(host) ? (ip: string) => ip === host || isPublicAddress(ip) : undefined;
  }

  private isConfiguredElsewhere(): boolean {
    return this.settings.apiBase.origin !== UNSPLASH_API;
  }

  private get(path: string) {
    return this.request(new URL(path, this.settings.apiBase));
  }

  private async request(url: URL): Promise<{ body: unknown; headers: Headers }> {
    const key = this.settings.accessKey;
    if (!key) throw notConfigured(ASSET_MESSAGES.stockDisabled);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Client-ID ${key}`, "accept-version": "v1", accept: "application/json" },
        redirect: "error", // the key must never follow a redirect somewhere else
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw unavailable("Unsplash refused the studio's access key. Check UNSPLASH_ACCESS_KEY.");
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw unavailable("Unsplash's hourly limit is used up. Please try again later.");
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw notFound("Photo not found on Unsplash");
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw unavailable();
    }
    try {
      return { body: await res.json(), headers: res.headers };
    } catch {
      throw unavailable("Unsplash sent an answer we could not read");
    }
  }
}

/** The editorial feed has no totals in its body: Unsplash's Link header says whether a next page exists. */
function hasNextPage(headers: Headers, page: number, received: number): boolean {
  const link = headers.get("link");
  if (link !== null) return /rel="next"/.test(link);
  const total = Number(headers.get("x-total"));
  const perPage = Number(headers.get("x-per-page"));
  if (Number.isFinite(total) && perPage > 0) return page * perPage < total;
  return received > 0;
}
