import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

export const controlBase =
  "w-full rounded-md border bg-surface text-sm text-text shadow-sm transition-colors duration-150 " +
  "placeholder:text-text-subtle hover:border-border-strong focus-visible:outline-offset-0 focus-visible:border-focus " +
  "disabled:cursor-not-allowed disabled:opacity-50";

export function controlBorder(invalid: boolean | undefined) {
  return invalid ? "border-danger hover:border-danger focus-visible:border-danger" : "border-border";
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Red border and aria-invalid. */
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, type = "text", ...rest }, ref) {
  return (
    <input
      ref={ref}
      type={type}
      aria-invalid={invalid || undefined}
      className={cn(controlBase, controlBorder(invalid), "h-9 px-3", className)}
      {...rest}
    />
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ invalid, className, rows = 4, ...rest }, ref) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(controlBase, controlBorder(invalid), "min-h-20 resize-y px-3 py-2 leading-relaxed", className)}
      {...rest}
    />
  );
});
