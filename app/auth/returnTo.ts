/**
 * Where to go after signing in: a path inside the studio given as ?next=, never another site
 * ("//evil.example" or "https://…" fall back to the dashboard).
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

export const loginPathFor = (returnTo: string) => `/login?next=${encodeURIComponent(returnTo)}`;
