import type { ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "./cn";
import { IconButton } from "./IconButton";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Right-aligned action row under the body. */
  footer?: ReactNode;
  /** Extra classes for the panel. A `max-w-*` / `w-*` class here replaces the default width (max-w-lg). */
  className?: string;
}

const WIDTH_CLASS = /(^|\s)([\w[\]-]+:)*!?(max-w|w)-/;

/**
 * Modal dialog (Radix): overlay, centred panel, close button, Escape / overlay click close,
 * focus trapped and returned; title and description are wired to aria-labelledby / aria-describedby.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, className }: DialogProps) {
  const hasWidth = className ? WIDTH_CLASS.test(className) : false;
  const hasDescription = description !== undefined && description !== null && description !== false;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn(
            "fixed inset-0 z-50 bg-black/65 backdrop-blur-[2px]",
            "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
          )}
        />
        <RadixDialog.Content
          {...(hasDescription ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-xl border border-border bg-surface text-text shadow-xl",
            "data-[state=open]:animate-scale-in data-[state=closed]:animate-scale-out",
            hasWidth ? null : "max-w-lg",
            className,
          )}
        >
          <div className="px-5 pb-1 pr-14 pt-5">
            <RadixDialog.Title className="text-base font-semibold leading-6 text-text">{title}</RadixDialog.Title>
            {hasDescription && (
              <RadixDialog.Description asChild>
                <div className="mt-1.5 text-sm text-text-muted">{description}</div>
              </RadixDialog.Description>
            )}
          </div>
          {children !== undefined && children !== null && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer !== undefined && footer !== null ? (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-5 py-3.5">{footer}</div>
          ) : (
            <div className="h-4" />
          )}
          {/* Last in DOM order, so opening focus lands on the body's first control, not on the close button. */}
          <RadixDialog.Close asChild>
            <IconButton label="Close" size="sm" className="absolute right-3 top-3">
              <X aria-hidden="true" />
            </IconButton>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
