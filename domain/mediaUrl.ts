import { z } from "zod";

/**
 * The only media URLs the studio stores on nodes and shots: its own `/api/media/<id>` (uploads, generation
 * and tool outputs, and outside files fetched through the SSRF-safe import all become one). An outside URL
 * would make every viewer's browser, and the server's download and 3D proxies, fetch what a stranger chose;
 * a path such as `/api/../../etc/passwd` is refused too.
 */
export const STUDIO_MEDIA_URL = /^\/api\/media\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

export const isStudioMediaUrl = (url: string): boolean => STUDIO_MEDIA_URL.test(url);

export const studioMediaUrlMessage = (field: string) => `${field} must be a studio media URL (/api/media/…)`;

/** A node's media URL field: a studio media URL, or empty (cleared). */
export const nodeMediaUrlSchema = (field: string) =>
  z
    .string()
    .max(4000)
    .refine((url) => url === "" || isStudioMediaUrl(url), studioMediaUrlMessage(field));
