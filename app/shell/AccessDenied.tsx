import { ShieldAlert } from "lucide-react";
import { MESSAGES } from "../../domain/errors";
import { Button } from "../ui";

/** Shown when a project fails to load (spec: shell 2 "Access-denied screen"). */
export function AccessDenied({ message, onHome }: { message?: string; onHome(): void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-6">
      <div className="flex max-w-md flex-col items-center gap-4 rounded-xl border border-border bg-surface p-8 text-center shadow-lg">
        <ShieldAlert className="size-10 text-danger" aria-hidden />
        <h1 className="text-2xl font-semibold text-text">Access Denied</h1>
        <p className="text-text" data-testid="access-denied-message">
          {message || MESSAGES.accessDeniedDefault}
        </p>
        <p className="text-sm text-text-muted">{MESSAGES.accessDeniedHint}</p>
        <Button variant="primary" onClick={onHome}>
          Go Back to Home
        </Button>
      </div>
    </main>
  );
}
