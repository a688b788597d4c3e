import { Check, CloudOff, Loader2, PencilLine } from "lucide-react";
import type { SaverStatus } from "./shotListSaver";

const SHOWN: Record<SaverStatus, { text: string; Icon: typeof Check; tone: string }> = {
  saved: { text: "Saved", Icon: Check, tone: "text-text-muted" },
  pending: { text: "Unsaved changes", Icon: PencilLine, tone: "text-text-muted" },
  saving: { text: "Saving...", Icon: Loader2, tone: "text-text-muted" },
  failed: { text: "Save Failed", Icon: CloudOff, tone: "text-danger" },
};

/** The editor's own save state, next to its title. */
export function SaveState({ status }: { status: SaverStatus }) {
  const { text, Icon, tone } = SHOWN[status];
  return (
    <span role="status" data-testid="shotlist-save-status" className={`flex items-center gap-1.5 text-xs ${tone}`}>
      <Icon className={`size-3.5 ${status === "saving" ? "animate-spin" : ""}`} aria-hidden />
      {text}
    </span>
  );
}
