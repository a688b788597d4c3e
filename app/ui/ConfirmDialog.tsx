import type { ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red confirm button. */
  destructive?: boolean;
  /** Confirm shows a spinner; both buttons disabled and the dialog can't be dismissed meanwhile. */
  busy?: boolean;
  onConfirm: () => void;
  /** Default "Cancel". */
  cancelLabel?: string;
}

/** Cancel / confirm question. Initial focus lands on Cancel (the safe choice). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  destructive = false,
  busy = false,
  onConfirm,
  cancelLabel = "Cancel",
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy && !next) return;
        onOpenChange(next);
      }}
      title={title}
      description={message}
      className="max-w-md"
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? "danger" : "primary"} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
