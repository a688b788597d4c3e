import { Check, CloudOff, Loader2 } from "lucide-react";
import { useSaveStatus } from "./saveStatus";

const LABEL = { saving: "Saving...", saved: "Saved", failed: "Save Failed" } as const;

export function SaveIndicator() {
  const status = useSaveStatus();
  if (status === "idle") return null;
  const Icon = status === "saving" ? Loader2 : status === "saved" ? Check : CloudOff;
  return (
    <span
      role="status"
      data-testid="save-status"
      className={`flex items-center gap-1.5 text-xs ${status === "failed" ? "text-danger" : "text-text-muted"}`}
    >
      <Icon className={`size-3.5 ${status === "saving" ? "animate-spin" : ""}`} aria-hidden />
      {LABEL[status]}
    </span>
  );
}
