import { Button } from "../../ui";

/** A tab's list could not be read: the spec's message, the reason, and a retry. */
export function LoadFailed({ message, detail, onRetry }: { message: string; detail: string | null; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-sm font-medium text-danger">{message}</p>
      <p className="max-w-md text-xs text-text-muted">{detail}</p>
      <Button size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
