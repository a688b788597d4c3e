import { cn } from "./cn";

export interface LogoProps {
  /** Mark size in px (default 28). The wordmark scales with it. */
  size?: number;
  withWordmark?: boolean;
  className?: string;
}

/** The Reelgraph mark: three connected nodes (amber, periwinkle, teal) on a dark tile. */
export function Logo({ size = 28, withWordmark = false, className }: LogoProps) {
  const mark = (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className="shrink-0"
      {...(withWordmark ? { "aria-hidden": true } : { role: "img", "aria-label": "Reelgraph" })}
    >
      <rect width="32" height="32" rx="8" fill="#0f1115" />
      <rect x="0.5" y="0.5" width="31" height="31" rx="7.5" fill="none" stroke="#ffffff" strokeOpacity="0.08" />
      <path d="M10 11 L16 22 L22 11" stroke="#e6e8ee" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      <circle cx="10" cy="11" r="4" fill="#f5a524" />
      <circle cx="22" cy="11" r="4" fill="#7c8cff" />
      <circle cx="16" cy="22" r="4" fill="#2fd3a8" />
    </svg>
  );
  if (!withWordmark) return <span className={cn("inline-flex", className)}>{mark}</span>;
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      {mark}
      <span className="font-semibold tracking-tight text-text" style={{ fontSize: Math.round(size * 0.62), lineHeight: 1 }}>
        Reelgraph
      </span>
    </span>
  );
}
