import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { Tabs as RadixTabs } from "radix-ui";
import { cn } from "./cn";

/** Radix Tabs.Root (value / defaultValue / onValueChange / orientation…). */
export const Tabs = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.Root>>(function Tabs({ className, ...rest }, ref) {
  return <RadixTabs.Root ref={ref} className={cn("flex flex-col gap-3", className)} {...rest} />;
});

/** Segmented tab strip. */
export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.List>>(function TabsList(
  { className, ...rest },
  ref,
) {
  return (
    <RadixTabs.List
      ref={ref}
      className={cn("inline-flex h-9 w-fit items-center gap-0.5 rounded-lg border border-border bg-surface p-0.5", className)}
      {...rest}
    />
  );
});

export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof RadixTabs.Trigger>>(function TabsTrigger(
  { className, ...rest },
  ref,
) {
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={cn(
        "inline-flex h-full select-none items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium",
        "text-text-muted transition-colors duration-150 hover:text-text",
        "data-[state=active]:bg-surface-3 data-[state=active]:text-text data-[state=active]:shadow-sm",
        "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4",
        className,
      )}
      {...rest}
    />
  );
});

export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.Content>>(function TabsContent(
  { className, ...rest },
  ref,
) {
  return <RadixTabs.Content ref={ref} className={cn("rounded-md", className)} {...rest} />;
});
