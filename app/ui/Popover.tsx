import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { Popover as RadixPopover } from "radix-ui";
import { cn } from "./cn";

export const Popover = RadixPopover.Root;
/** Use `asChild` to make your own Button the trigger. */
export const PopoverTrigger = RadixPopover.Trigger;

/** Portal + styled panel. `sideOffset` defaults to 6, `align` to "center". */
export const PopoverContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixPopover.Content>>(function PopoverContent(
  { className, sideOffset = 6, align = "center", collisionPadding = 8, ...rest },
  ref,
) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          "z-[60] w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-border-strong bg-surface-2 p-4 text-sm text-text shadow-lg",
          "origin-[var(--radix-popover-content-transform-origin)] data-[state=open]:animate-scale-in data-[state=closed]:animate-scale-out",
          className,
        )}
        {...rest}
      />
    </RadixPopover.Portal>
  );
});
