import { ConfirmDialog } from "../../ui";

/** Asked when leaving an editor whose last changes could not be saved. */
export function LeaveWithoutSavingDialog({
  open,
  onOpenChange,
  onLeave,
}: {
  open: boolean;
  onOpenChange(o: boolean): void;
  onLeave(): void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave without saving?"
      message="Your latest changes could not be saved. If you leave now, they will be lost."
      confirmLabel="Leave anyway"
      cancelLabel="Stay"
      destructive
      onConfirm={() => {
        onOpenChange(false);
        onLeave();
      }}
    />
  );
}
