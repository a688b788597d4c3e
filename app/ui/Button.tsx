import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { SpinnerGlyph } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
}

const base =
  "inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-md border font-medium " +
  "transition-[background-color,border-color,color,box-shadow,transform] duration-150 " +
  "active:translate-y-px disabled:pointer-events-none disabled:opacity-50 aria-busy:disabled:opacity-75 " +
  "[&_svg]:shrink-0";

export const buttonVariants: Record<ButtonVariant, string> = {
  primary:
    "border-transparent bg-accent text-accent-fg shadow-sm hover:bg-accent-hover active:bg-accent-active " +
    // Disabled (and not busy) it loses the accent: a faded accent still read as a button to press.
    "[&:disabled:not([aria-busy=true])]:border-border [&:disabled:not([aria-busy=true])]:bg-surface-3 [&:disabled:not([aria-busy=true])]:text-text-muted [&:disabled:not([aria-busy=true])]:shadow-none",
  secondary: "border-border bg-surface-2 text-text shadow-sm hover:border-border-strong hover:bg-surface-3 active:bg-surface-2",
  ghost: "border-transparent bg-transparent text-text-muted hover:bg-surface-2 hover:text-text active:bg-surface-3",
  danger: "border-transparent bg-danger-strong text-white shadow-sm hover:bg-danger-strong-hover active:bg-danger-strong",
};

export const buttonSizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-xs [&_svg]:size-3.5",
  md: "h-9 px-3.5 text-sm [&_svg]:size-4",
  lg: "h-11 px-5 text-base [&_svg]:size-[1.125rem]",
};

/** Class string for anything that should look like a Button (e.g. a router Link). */
export function buttonClassName(variant: ButtonVariant = "secondary", size: ButtonSize = "md", className?: string) {
  return cn(base, buttonVariants[variant], buttonSizes[size], className);
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", size = "md", loading = false, disabled, type = "button", className, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName(variant, size, className)}
      {...rest}
    >
      {loading && <SpinnerGlyph size={size === "lg" ? 18 : size === "sm" ? 14 : 16} />}
      {children}
    </button>
  );
});
