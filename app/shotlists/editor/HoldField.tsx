import { useEffect, useState } from "react";
import { MAX_SHOT_SECONDS, MIN_SHOT_SECONDS } from "../../../domain/animatic/shotTiming";

/**
 * How long the animatic holds the shot ("editable per shot"). Empty means timed from the
 * script; a number outside 1.5–60 s is brought back into range rather than refused, so nothing typed is lost.
 */
export function HoldField({
  shotLabel,
  value,
  readOnly,
  onChange,
}: {
  shotLabel: string;
  value: number | undefined;
  readOnly: boolean;
  onChange(seconds: number | undefined): void;
}) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => setText(value === undefined ? "" : String(value)), [value]);
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === "") return value !== undefined && onChange(undefined);
    const n = Number(trimmed.replace(",", "."));
    if (!Number.isFinite(n)) return setText(value === undefined ? "" : String(value));
    const seconds = Math.round(Math.min(MAX_SHOT_SECONDS, Math.max(MIN_SHOT_SECONDS, n)) * 10) / 10;
    setText(String(seconds));
    if (seconds !== value) onChange(seconds);
  };
  return (
    <label className="col-span-2 flex items-center gap-2 text-xs text-text-muted">
      <span className="text-2xs font-medium uppercase tracking-wider text-text-subtle">Hold</span>
      <input
        type="text"
        inputMode="decimal"
        aria-label={`${shotLabel} hold in seconds`}
        placeholder="from the script"
        value={text}
        readOnly={readOnly}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && (e.currentTarget as HTMLInputElement).blur()}
        className="h-7 w-28 rounded-md border border-border bg-surface-2 px-2 text-text placeholder:text-text-subtle focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
      />
      <span>s</span>
    </label>
  );
}
