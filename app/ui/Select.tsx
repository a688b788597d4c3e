import { Select as RadixSelect } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "./cn";
import { controlBase } from "./Input";

export interface SelectOption {
  /** Must be non-empty (Radix reserves "" for "no value / show placeholder"). */
  value: string;
  label: string;
  /** Shown but not choosable (with its label saying why). */
  disabled?: boolean;
}

export interface SelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  "aria-label"?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** Goes on the trigger button, so <Field htmlFor> works. */
  id?: string;
}

export function Select({ value, onValueChange, options, "aria-label": ariaLabel, placeholder, disabled, className, id }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={ariaLabel}
        className={cn(
          controlBase,
          "border-border inline-flex h-9 items-center justify-between gap-2 px-3 text-left",
          "data-[placeholder]:text-text-subtle",
          className,
        )}
      >
        <span className="min-w-0 truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon className="shrink-0 text-text-muted">
          <ChevronDown className="size-4" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            "z-[60] max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)]",
            "overflow-hidden rounded-lg border border-border-strong bg-surface-2 shadow-lg",
            "data-[state=open]:animate-scale-in data-[state=closed]:animate-scale-out origin-[var(--radix-select-content-transform-origin)]",
          )}
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((opt) => (
              <RadixSelect.Item
                key={opt.value}
                value={opt.value}
                disabled={opt.disabled}
                className={cn(
                  "relative flex h-8 cursor-pointer select-none items-center rounded-md pl-8 pr-3 text-sm text-text",
                  "focus-visible:outline-offset-[-2px] data-[highlighted]:bg-surface-3 data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
                )}
              >
                <span className="absolute left-2 inline-flex size-4 items-center justify-center text-accent">
                  <RadixSelect.ItemIndicator>
                    <Check className="size-4" aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                </span>
                <RadixSelect.ItemText>{opt.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
