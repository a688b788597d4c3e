import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";
import { buttonVariants, type ButtonVariant } from "./Button";
import { Tooltip } from "./Tooltip";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** Accessible name (aria-label) and tooltip text. */
  label: string;
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** The icon. */
  children: ReactNode;
  /** Tooltip side (default "top"). */
  tooltipSide?: "top" | "bottom" | "left" | "right";
}

/** Square icon-only button with an aria-label and a matching tooltip. Default variant: ghost. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, variant = "ghost", size = "md", type = "button", className, children, tooltipSide, ...rest },
  ref,
) {
  return (
    <Tooltip content={label} side={tooltipSide}>
      <button
        ref={ref}
        type={type}
        aria-label={label}
        className={cn(
          "inline-flex shrink-0 select-none items-center justify-center rounded-md border transition-colors duration-150",
          "active:translate-y-px disabled:pointer-events-none disabled:opacity-50",
          buttonVariants[variant],
          size === "sm" ? "size-8 [&_svg]:size-4" : "size-9 [&_svg]:size-[1.125rem]",
          className,
        )}
        {...rest}
      >
        {children}
      </button>
    </Tooltip>
  );
});
