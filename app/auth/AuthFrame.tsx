import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../ui";

/**
 * The frame every signed-out page shares (/login, /forgot-password, /reset-password): the logo home, one
 * card, a line under it. `title` names the browser tab.
 */
export function AuthFrame({ title, footer, children }: { title: string; footer: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Studio by Reelgraph`;
  }, [title]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg bg-[radial-gradient(ellipse_at_top,rgba(245,165,36,0.08),transparent_60%)] px-4 py-10">
      <div className="w-full max-w-sm">
        <Link to="/" className="mb-8 flex justify-center" aria-label="Reelgraph home">
          <Logo size={36} withWordmark />
        </Link>
        <div className="rounded-xl border border-border bg-surface p-6 shadow-xl">{children}</div>
        {footer}
      </div>
    </main>
  );
}
