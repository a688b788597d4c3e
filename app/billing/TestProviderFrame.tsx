import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Lock } from "lucide-react";
import { BackLink, Logo, cn } from "../ui";
import { TestModeBadge } from "./TestModeBadge";

/**
 * The pages of the built-in test provider (checkout, portal, receipt), where Stripe would show its own:
 * the header with the TEST MODE badge, and for checkout and receipt one card with a title, its loading
 * and error states, and the reminder that no money moves.
 */
export function TestProviderHeader({ back, className }: { back: boolean; className?: string }) {
  return (
    <header className={cn("flex w-full items-center justify-between", className)}>
      {back ? <BackLink to="/billing">Back to Billing</BackLink> : <Logo size={28} withWordmark />}
      {back ? (
        <div className="flex items-center gap-3">
          <TestModeBadge />
          <Logo size={28} />
        </div>
      ) : (
        <TestModeBadge />
      )}
    </header>
  );
}

interface CardProps {
  back: boolean;
  icon: LucideIcon;
  title: string;
  /** The query the card shows; its data goes to `children` once there. */
  state: { isPending: boolean; isError: boolean; error: Error | null };
  /** What the test mode means here (the card's last line). */
  note: string;
  children: ReactNode;
}

export function TestProviderCard({ back, icon: Icon, title, state, note, children }: CardProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-bg px-5 py-10 text-text">
      <TestProviderHeader back={back} className="max-w-md" />
      <main className="mt-10 w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-lg">
        <h1 className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="size-5 text-accent" aria-hidden="true" />
          {title}
        </h1>
        {state.isPending && <p className="mt-6 text-sm text-text-muted">Loading…</p>}
        {state.isError && (
          <p role="alert" className="mt-6 text-sm text-danger">
            {state.error?.message}
          </p>
        )}
        {children}
        <p className="mt-6 flex items-center gap-1.5 text-xs text-text-subtle">
          <Lock className="size-3.5" aria-hidden="true" />
          {note}
        </p>
      </main>
    </div>
  );
}

/** One line of a card's summary; `total` is the last, ruled-off line. */
export function SummaryRow({ label, total = false, children }: { label: string; total?: boolean; children: ReactNode }) {
  return (
    <div className={cn("flex justify-between gap-4", total && "border-t border-border pt-3 text-base")}>
      <dt className={total ? "font-semibold" : "text-text-muted"}>{label}</dt>
      {children}
    </div>
  );
}
