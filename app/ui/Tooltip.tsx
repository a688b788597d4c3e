import { createContext, useContext, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { Tooltip as RadixTooltip } from "radix-ui";
import { cn } from "./cn";

const InsideProvider = createContext(false);

/**
 * Radix Tooltip.Provider (same props). Put one at the app root, e.g. `<TooltipProvider delayDuration={300}>`.
 * A Tooltip rendered without a provider above it (tests, isolated screens) supplies its own, so it never throws.
 */
export function TooltipProvider({ children, ...props }: ComponentProps<typeof RadixTooltip.Provider>) {
  return (
    <RadixTooltip.Provider {...props}>
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </RadixTooltip.Provider>
  );
}

export interface TooltipProps {
  content: ReactNode;
  side?: "top" | "bottom" | "left" | "right";
  /** Exactly one focusable element; it becomes the trigger via asChild. */
  children: ReactElement;
  className?: string;
}

export function Tooltip({ content, side = "top", children, className }: TooltipProps) {
  const hasProvider = useContext(InsideProvider);
  const tip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            "z-[70] max-w-xs rounded-md border border-border-strong bg-surface-3 px-2 py-1 text-xs font-medium text-text shadow-md",
            "data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in data-[state=closed]:animate-fade-out",
            className,
          )}
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return hasProvider ? tip : <RadixTooltip.Provider delayDuration={300}>{tip}</RadixTooltip.Provider>;
}
