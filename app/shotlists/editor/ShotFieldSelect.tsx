import { Select } from "../../ui";

const NONE = "__none";

/** An enumerated shot field as a drop-down with the spec's values; optional fields can be set back to '—'. */
export function ShotFieldSelect<T extends string>({
  label,
  shotLabel,
  value,
  options,
  optional = false,
  readOnly,
  onChange,
  className,
}: {
  label: string;
  /** "Shot 3", for the accessible name "Shot 3 shot size". */
  shotLabel: string;
  value: T | undefined;
  options: readonly T[];
  optional?: boolean;
  readOnly: boolean;
  onChange(value: T | undefined): void;
  className?: string;
}) {
  const choices = [...(optional ? [{ value: NONE, label: "—" }] : []), ...options.map((o) => ({ value: o, label: o }))];
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className ?? ""}`}>
      <span className="text-2xs font-medium uppercase tracking-wider text-text-subtle" aria-hidden>
        {label}
      </span>
      <Select
        aria-label={`${shotLabel} ${label.toLowerCase()}`}
        value={value ?? NONE}
        options={choices}
        disabled={readOnly}
        className="h-8 px-2 text-xs"
        onValueChange={(v) => onChange(v === NONE ? undefined : (v as T))}
      />
    </div>
  );
}
