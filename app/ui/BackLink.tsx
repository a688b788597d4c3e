import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";

/** The top-left way back of a page outside the workspace ('Back to studio', 'Back to Billing'). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-text-muted transition-colors hover:bg-surface-2 hover:text-text"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
