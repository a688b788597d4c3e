import type { ReactNode } from "react";
import { cn } from "./cn";

/** Keyboard-key chip for shortcut hints, e.g. <Kbd>⌘</Kbd><Kbd>K</Kbd>. */
export function Kbd({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-sm border border-border-strong border-b-2 bg-surface-2 px-1",
        "font-mono text-2xs font-medium leading-none text-text-muted",
        className,
      )}
    >
      {children}
    </kbd>
  );
}
