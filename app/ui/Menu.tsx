import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { DropdownMenu } from "radix-ui";
import { Check } from "lucide-react";
import { cn } from "./cn";

/** Dropdown menu root (Radix DropdownMenu.Root). */
export const Menu = DropdownMenu.Root;
/** Menu trigger; use `asChild` to make your own Button / IconButton the trigger. */
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuRadioGroup = DropdownMenu.RadioGroup;

export const menuPanelClass =
  "z-[60] min-w-44 overflow-hidden rounded-lg border border-border-strong bg-surface-2 p-1 text-sm text-text shadow-lg " +
  "data-[state=open]:animate-scale-in data-[state=closed]:animate-scale-out";

export type MenuContentProps = ComponentPropsWithoutRef<typeof DropdownMenu.Content>;

/** Portal + styled content. `sideOffset` defaults to 6, `align` to "start". */
export const MenuContent = forwardRef<HTMLDivElement, MenuContentProps>(function MenuContent(
  { className, sideOffset = 6, align = "start", collisionPadding = 8, ...rest },
  ref,
) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(menuPanelClass, "origin-[var(--radix-dropdown-menu-content-transform-origin)]", className)}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
});

const itemClass =
  "relative flex h-8 cursor-pointer select-none items-center gap-2 rounded-md px-2 " +
  "focus-visible:outline-offset-[-2px] " +
  "data-[highlighted]:bg-surface-3 data-[disabled]:pointer-events-none data-[disabled]:opacity-45 " +
  "[&_svg]:size-4 [&_svg]:shrink-0";

export interface MenuItemProps extends Omit<ComponentPropsWithoutRef<typeof DropdownMenu.Item>, "children"> {
  /** Red text, for destructive actions. */
  danger?: boolean;
  /** Leading icon. */
  icon?: ReactNode;
  children: ReactNode;
}

export const MenuItem = forwardRef<HTMLDivElement, MenuItemProps>(function MenuItem(
  { danger = false, icon, className, children, ...rest },
  ref,
) {
  return (
    <DropdownMenu.Item
      ref={ref}
      className={cn(itemClass, danger ? "text-danger data-[highlighted]:bg-danger-soft" : "text-text", className)}
      {...rest}
    >
      {icon !== undefined && (
        <span aria-hidden="true" className={cn("inline-flex", danger ? "text-danger" : "text-text-muted")}>
          {icon}
        </span>
      )}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </DropdownMenu.Item>
  );
});

export interface MenuRadioItemProps extends ComponentPropsWithoutRef<typeof DropdownMenu.RadioItem> {}

/** Radio item with a check mark when selected. */
export const MenuRadioItem = forwardRef<HTMLDivElement, MenuRadioItemProps>(function MenuRadioItem({ className, children, ...rest }, ref) {
  return (
    <DropdownMenu.RadioItem ref={ref} className={cn(itemClass, "pl-8 text-text", className)} {...rest}>
      <span className="absolute left-2 inline-flex size-4 items-center justify-center text-accent">
        <DropdownMenu.ItemIndicator>
          <Check aria-hidden="true" />
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.RadioItem>
  );
});

export const MenuSeparator = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DropdownMenu.Separator>>(function MenuSeparator(
  { className, ...rest },
  ref,
) {
  return <DropdownMenu.Separator ref={ref} className={cn("-mx-1 my-1 h-px bg-border", className)} {...rest} />;
});

export const MenuLabel = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DropdownMenu.Label>>(function MenuLabel(
  { className, ...rest },
  ref,
) {
  return (
    <DropdownMenu.Label
      ref={ref}
      className={cn("px-2 pb-1 pt-1.5 text-2xs font-semibold uppercase tracking-wider text-text-subtle", className)}
      {...rest}
    />
  );
});
