import type { ReactNode } from "react";
import { cn } from "./cn";

export interface FieldProps {
  label: string;
  /** id of the control; wires the <label>. Hint/error get ids `${htmlFor}-hint` / `${htmlFor}-error`. */
  htmlFor?: string;
  /** Shown under the control in role="alert" text. */
  error?: string | null;
  hint?: string;
  children: ReactNode;
  className?: string;
}

/** Label + control + hint/error stack. */
export function Field({ label, htmlFor, error, hint, children, className }: FieldProps) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={htmlFor} className="text-xs font-medium text-text">
        {label}
      </label>
      {children}
      {hint && (
        <p id={htmlFor ? `${htmlFor}-hint` : undefined} className="text-xs text-text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={htmlFor ? `${htmlFor}-error` : undefined} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
