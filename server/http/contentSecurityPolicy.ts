/**
 * The app page's Content-Security-Policy. Everything the built app loads is its own, with
 * these exceptions, each needed by a part of it (checked in Chromium by e2e/csp.spec.ts):
 * - script-src 'wasm-unsafe-eval': model-viewer compiles its mesh decoder (WebAssembly); JavaScript eval stays
 *   blocked (zod's probe for it is switched off in app/zodConfig.ts);
 * - style-src 'unsafe-inline': React Flow and Radix position elements with inline styles;
 * - blob: for images, media, fetches and workers: downloads, and model-viewer loading a GLB from an object URL;
 * - data: for images, fonts and fetches: three.js and the design system's inline icons and textures;
 * - the stock photo CDN (Unsplash asks for hotlinked thumbnails), or the stock API's own origin when
 *   UNSPLASH_API_URL points at another server.
 * No inline or foreign scripts; no plugins; the page cannot be framed.
 */
const UNSPLASH_IMAGE_ORIGINS = ["https://images.unsplash.com", "https://plus.unsplash.com"];

function stockImageOrigins(env: NodeJS.ProcessEnv): string[] {
  const custom = env.UNSPLASH_API_URL?.trim();
  if (!custom) return UNSPLASH_IMAGE_ORIGINS;
  try {
    return [...UNSPLASH_IMAGE_ORIGINS, new URL(custom).origin];
  } catch {
    return UNSPLASH_IMAGE_ORIGINS;
  }
}

export function appContentSecurityPolicy(env: NodeJS.ProcessEnv): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${stockImageOrigins(env).join(" ")}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
