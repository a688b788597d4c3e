import { cn } from "./cn";

/** Shimmering placeholder block. Size it with className (e.g. "h-4 w-32"). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "rounded-md bg-surface-2 bg-[linear-gradient(90deg,transparent_0%,rgb(255_255_255/0.05)_50%,transparent_100%)] bg-[length:200%_100%] animate-shimmer",
        className,
      )}
    />
  );
}
