import { useState } from "react";
import { FileText } from "lucide-react";
import type { AgentMessage } from "../../domain/agent/messages";
import { messageFor } from "../api/errorMessages";
import { Button, toast } from "../ui";
import { requestOpenScript } from "../write/openScriptRequest";
import type { AgentController } from "./agentController";

/**
 * The agent's offer to keep a described storyboard as a scene: "Write into a script" makes the script
 * (once, on the server), then "Open script" shows it in Scripts mode.
 */
export function ScriptOfferView({
  message,
  controller,
  canEdit,
}: {
  message: AgentMessage;
  controller: AgentController;
  canEdit: boolean;
}) {
  const { scriptOffer, scriptOfferWritten } = message.metadata;
  const [busy, setBusy] = useState(false);
  if (!scriptOffer) return null;
  if (scriptOfferWritten)
    return (
      <div className="flex items-center gap-2 text-xs text-text-muted" data-testid="agent-script-written">
        <FileText className="size-3.5 shrink-0 text-accent" aria-hidden />
        <span className="min-w-0 flex-1 truncate">Written to “{scriptOfferWritten.name}”</span>
        <Button size="sm" variant="ghost" onClick={() => requestOpenScript(scriptOfferWritten.id)}>
          Open script
        </Button>
      </div>
    );
  if (!canEdit) return null;
  const write = async () => {
    setBusy(true);
    try {
      const scriptId = await controller.writeScript(message);
      toast.success(`Wrote the scene into “${scriptOffer.name}”`, {
        action: { label: "Open", onClick: () => requestOpenScript(scriptId) },
      });
    } catch (err) {
      toast.error(messageFor(err, { fallback: "Could not write the script. Please try again." }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" disabled={busy} aria-busy={busy} onClick={() => void write()}>
      <FileText className="size-3.5" aria-hidden /> Write into a script
    </Button>
  );
}
