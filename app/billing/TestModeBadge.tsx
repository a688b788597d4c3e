import { FlaskConical } from "lucide-react";
import { cn } from "../ui";

/** On every screen of the built-in test provider: nothing here takes real money. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md border border-warning/50 bg-warning/15 px-2 py-1 text-2xs font-bold uppercase tracking-widest text-warning",
        className,
      )}
      title="The built-in test payment provider: no real money moves."
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      Test mode
    </span>
  );
}
