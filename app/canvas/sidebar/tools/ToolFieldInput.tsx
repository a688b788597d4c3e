import { useId } from "react";
import type { ToolParameterField } from "../../../../domain/generation/toolParamForm";
import type { ParamValue } from "../../../../domain/generation/parameterRules";
import { Input, Select, Textarea } from "../../../ui";

/** One field of the tool form (spec canvas 5 "Tool parameter form"): slider, number, select, text, switch or media slot. */
export function ToolFieldInput({
  field,
  value,
  disabled,
  onChange,
}: {
  field: ToolParameterField;
  value: ParamValue | undefined;
  disabled: boolean;
  onChange(v: ParamValue): void;
}) {
  const id = useId();
  const label = (
    <label htmlFor={id} className="flex items-baseline justify-between gap-2 text-xs font-medium text-text">
      <span>
        {field.label}
        {field.required && <span className="text-text-muted"> *</span>}
      </span>
      {field.kind === "slider" && <span className="tabular-nums text-text-muted">{String(value ?? field.default ?? field.min)}</span>}
    </label>
  );
  const hint = field.description ? <p className="text-[11px] leading-snug text-text-muted">{field.description}</p> : null;
  let control: React.ReactNode;
  switch (field.kind) {
    case "slider":
      control = (
        <input
          id={id}
          type="range"
          min={field.min}
          max={field.max}
          step={field.step}
          value={Number(value ?? field.default ?? field.min)}
          disabled={disabled}
          onChange={(e) => onChange(field.integer ? Math.round(Number(e.target.value)) : Number(e.target.value))}
          className="w-full accent-[var(--color-accent,#7c8cff)]"
        />
      );
      break;
    case "number":
      control = (
        <Input
          id={id}
          type="number"
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : "any"}
          value={value === undefined ? "" : String(value)}
          disabled={disabled}
          onChange={(e) => e.target.value !== "" && onChange(Number(e.target.value))}
        />
      );
      break;
    case "select":
      control = (
        <Select
          id={id}
          aria-label={field.label}
          value={String(value ?? field.default ?? field.options[0] ?? "")}
          options={field.options.map((o) => ({
            value: String(o),
            label: typeof o === "number" && /scale|factor/i.test(field.name) ? `${o}×` : String(o),
          }))}
          disabled={disabled || field.fixed}
          onValueChange={(v) => {
            const option = field.options.find((o) => String(o) === v);
            onChange(option ?? v);
          }}
        />
      );
      break;
    case "textarea":
      control = <Textarea id={id} rows={3} value={String(value ?? "")} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
      break;
    case "text":
      control = <Input id={id} value={String(value ?? "")} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
      break;
    case "switch":
      control = (
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={value === true}
          disabled={disabled}
          onClick={() => onChange(!(value === true))}
          className="relative h-5 w-9 rounded-full bg-surface-3 transition-colors aria-checked:bg-accent disabled:opacity-50"
        >
          <span className="absolute left-0.5 top-0.5 size-4 rounded-full bg-white transition-transform [[aria-checked=true]>&]:translate-x-4" />
        </button>
      );
      break;
    case "file":
      control = (
        <p className="rounded-md border border-dashed border-border px-3 py-2 text-xs text-text-muted">{`From a connected ${field.accepts.join(" or ")} node`}</p>
      );
      break;
  }
  return (
    <div className="flex flex-col gap-1.5" data-testid={`tool-field-${field.name}`}>
      {label}
      {control}
      {hint}
    </div>
  );
}
