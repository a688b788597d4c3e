import { Link } from "react-router";
import { Mail } from "lucide-react";
import { Logo } from "../ui";

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2">
          <Logo size={24} withWordmark />
          <p className="text-xs text-text-muted">© {year} Reelgraph</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <Link to="/pricing" className="rounded-sm text-text-muted hover:text-text">
            Pricing
          </Link>
          <Link to="/login" className="rounded-sm text-text-muted hover:text-text">
            Sign in
          </Link>
          <a href="mailto:hello@reelgraph.studio" className="inline-flex items-center gap-1.5 rounded-sm text-text-muted hover:text-text">
            <Mail className="size-4" aria-hidden="true" />
            hello@reelgraph.studio
          </a>
        </nav>
      </div>
    </footer>
  );
}
