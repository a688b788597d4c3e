/**
 * Whether a request URL is in the API's namespace: `/api` and everything under it, however it is spelled
 * (`/api?x`, `/API/…`, `/%61pi/…`, `/api;x`). Such a path never gets the SPA's index.html: an API client
 * that asks for a route that does not exist must hear a JSON 404, not a 200 page.
 */
export function isApiPath(rawUrl: string): boolean {
  const path = rawUrl.split(/[?#]/, 1)[0] ?? "";
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* a malformed escape: judge the raw path */
  }
  const first = decoded.replace(/^\/+/, "").split(/[/;]/, 1)[0] ?? "";
  return first.toLowerCase() === "api";
}
