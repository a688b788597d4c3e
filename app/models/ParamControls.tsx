import { useState } from "react";
import { Lock } from "lucide-react";
import { parseNumberInput, toggleLabel, type ParamValue } from "../../domain/generation/modelParamForm";
import { cn, Input, Select } from "../ui";

/**
 * The controls of the Model Parameters form (spec canvas 5), one per field kind. Each gets the control's
 * id (its <label> points at it) and `describedBy` (the description under it).
 */
interface ControlBase {
  id: string;
  label: string;
  describedBy?: string;
  disabled?: boolean;
}

// Radix Select reserves "" for "no value": an empty option gets a stand-in key.
const EMPTY_OPTION = "__empty__";
const optionKey = (v: unknown) => (v === "" ? EMPTY_OPTION : String(v));
const optionLabel = (v: ParamValue) => (v === "" ? "(none)" : String(v));

export function DropdownControl({
  id,
  label,
  describedBy,
  disabled,
  options,
  fixed,
  value,
  onChange,
}: ControlBase & {
  options: readonly ParamValue[];
  fixed: boolean;
  value: unknown;
  onChange(v: ParamValue): void;
}) {
  if (fixed) {
    // spec canvas 5: a single option is shown as a fixed value.
    return (
      <div className="relative">
        <Input id={id} readOnly value={optionLabel(options[0] ?? "")} aria-describedby={describedBy} className="pr-8 text-text-muted" />
        <Lock aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-3.5 -translate-y-1/2 text-text-subtle" />
      </div>
    );
  }
  return (
    <Select
      id={id}
      aria-label={label}
      value={value === undefined || value === null ? "" : optionKey(value)}
      options={options.map((o) => ({ value: optionKey(o), label: optionLabel(o) }))}
      disabled={disabled}
      onValueChange={(key) => {
        const picked = options.find((o) => optionKey(o) === key);
        if (picked !== undefined) onChange(picked);
      }}
    />
  );
}

export function ToggleControl({
  id,
  describedBy,
  disabled,
  value,
  onChange,
}: ControlBase & { value: unknown; onChange(v: boolean): void }) {
  const on = value === true;
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={on}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className="group inline-flex items-center gap-2 self-start rounded-md py-0.5 text-sm text-text disabled:cursor-not-allowed disabled:opacity-50"
    >
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors duration-150",
          on ? "border-transparent bg-accent" : "border-border-strong bg-surface-3",
        )}
      >
        <span
          className={cn(
            "size-3.5 rounded-full shadow-sm transition-transform duration-150",
            on ? "translate-x-[18px] bg-accent-fg" : "translate-x-[2px] bg-text-muted",
          )}
        />
      </span>
      {toggleLabel(on)}
    </button>
  );
}

/** Decimals a step needs (0.5 → 1, 0.01 → 2, 1 → 0), so the value beside a slider does not jitter in width. */
export function stepDecimals(step: number): number {
  const text = String(step);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]);
  return text.includes(".") ? text.split(".")[1]!.length : 0;
}

export function formatSliderValue(value: number, step: number): string {
  return value.toFixed(Math.min(stepDecimals(step), 6));
}

export function SliderControl({
  id,
  label,
  describedBy,
  disabled,
  min,
  max,
  step,
  value,
  onChange,
}: ControlBase & {
  min: number;
  max: number;
  step: number;
  value: unknown;
  onChange(v: number): void;
}) {
  const n = typeof value === "number" && Number.isFinite(value) ? value : min;
  const text = formatSliderValue(n, step);
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={n}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-1.5 min-w-0 flex-1 cursor-pointer accent-[var(--color-accent)] disabled:cursor-not-allowed disabled:opacity-50"
      />
      <output htmlFor={id} aria-label={`${label} value`} className="w-16 shrink-0 text-right font-mono text-xs tabular-nums text-text">
        {text}
      </output>
    </div>
  );
}

/**
 * spec canvas 5: a number without both bounds is typed and committed on blur (or Enter); text that is not
 * a number — or not a whole number for an integer, or past a bound — is ignored and the last value returns.
 */
export function NumberControl({
  id,
  describedBy,
  disabled,
  integer,
  min,
  max,
  value,
  onChange,
}: ControlBase & {
  integer: boolean;
  min?: number;
  max?: number;
  value: unknown;
  onChange(v: number): void;
}) {
  const committed = typeof value === "number" && Number.isFinite(value) ? String(value) : "";
  const [text, setText] = useState(committed);
  const [shownFor, setShownFor] = useState(committed);
  // A new value from outside replaces what the box shows.
  if (shownFor !== committed) {
    setShownFor(committed);
    setText(committed);
  }
  const commit = () => {
    const n = parseNumberInput(text);
    const ok = n !== null && (!integer || Number.isInteger(n)) && (min === undefined || n >= min) && (max === undefined || n <= max);
    if (!ok) return setText(committed);
    setText(String(n));
    if (String(n) !== committed) onChange(n);
  };
  return (
    <Input
      id={id}
      type="text"
      inputMode={integer ? "numeric" : "decimal"}
      value={text}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        }
      }}
      className="font-mono tabular-nums"
    />
  );
}

export function TextControl({ id, describedBy, disabled, value, onChange }: ControlBase & { value: unknown; onChange(v: string): void }) {
  return (
    <Input
      id={id}
      value={typeof value === "string" ? value : value === undefined || value === null ? "" : String(value)}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
