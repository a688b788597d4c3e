import { cn } from "./cn";

export interface SpinnerProps {
  /** Diameter in px (default 16). */
  size?: number;
  className?: string;
  /** Accessible label (default "Loading"). */
  label?: string;
}

/** The spinning ring glyph on its own, hidden from assistive tech. Used inside Button. */
export function SpinnerGlyph({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={cn("shrink-0 animate-spin", className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Loading indicator announced as a status ("Loading"). */
export function Spinner({ size = 16, className, label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn("inline-flex text-current", className)}>
      <SpinnerGlyph size={size} />
    </span>
  );
}
