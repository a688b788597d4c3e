import { z } from "zod";
import { stockAttribution, withUnsplashUtm, type StockAsset } from "../../domain/assetLibrary";

/**
 * The parts of Unsplash's photo object we use (api.unsplash.com, "Photo" in their API docs). Their
 * answer is third-party input: each photo is checked and a malformed one is dropped, not trusted.
 */
export const unsplashPhotoSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  width: z.number().nonnegative().catch(0),
  height: z.number().nonnegative().catch(0),
  color: z.string().nullish(),
  description: z.string().nullish(),
  alt_description: z.string().nullish(),
  urls: z.object({ regular: z.string(), small: z.string() }),
  links: z.object({ html: z.string(), download_location: z.string() }),
  user: z.object({ name: z.string(), links: z.object({ html: z.string() }) }),
});
export type UnsplashPhoto = z.infer<typeof unsplashPhotoSchema>;

/** Keeps the well-formed photos of a list. */
export function readPhotos(list: unknown): UnsplashPhoto[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = unsplashPhotoSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Unsplash's photo → the dialog's stock asset (spec canvas 3), links tagged per their guidelines. */
export function toStockAsset(photo: UnsplashPhoto): StockAsset {
  const author = photo.user.name.trim() || "Unknown";
  return {
    id: `unsplash-${photo.id}`,
    unsplash_id: photo.id,
    url: photo.urls.regular,
    thumb: photo.urls.small,
    filename: stockFileName(photo),
    contentType: "image/jpeg",
    author,
    author_url: withUnsplashUtm(photo.user.links.html),
    unsplash_url: withUnsplashUtm(photo.links.html),
    download_location: photo.links.download_location,
    attribution: stockAttribution(author),
    description: (photo.description ?? photo.alt_description ?? "").trim(),
    width: photo.width,
    height: photo.height,
    color: photo.color && /^#[0-9a-f]{3,8}$/i.test(photo.color) ? photo.color : "#262626",
  };
}

/** "mountain-lake-at-dawn-Dwu85P9SOIk.jpg": readable in My Files once imported. */
export function stockFileName(photo: UnsplashPhoto, ext = "jpg"): string {
  const words = (photo.alt_description ?? photo.description ?? "unsplash photo")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || "unsplash-photo"}-${photo.id}.${ext}`;
}
