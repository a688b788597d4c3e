import { memo, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useStore } from "zustand";
import { Check, CircleAlert, Loader2, Undo2 } from "lucide-react";
import type { AgentMessage } from "../../domain/agent/messages";
import { describePlan } from "../../domain/agent/describePlan";
import { mediaUrlOf } from "../../domain/canvas/contentType";
import { Button, cn } from "../ui";
import { nodesById } from "../canvas/store/canvasStore";
import { useCanvas, useCanvasStore } from "../canvas/store/useCanvas";
import type { AgentController } from "./agentController";
import { ScriptOfferView } from "./ScriptOfferView";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** One chat message. User text and model text are shown as text, never as HTML. */
export const AgentMessageView = memo(function AgentMessageView({
  message,
  controller,
  canEdit,
}: {
  message: AgentMessage;
  controller: AgentController;
  canEdit: boolean;
}) {
  if (message.type === "user") {
    return (
      <div className="ml-8 self-end rounded-lg rounded-br-sm bg-accent-soft px-3 py-2 text-sm text-text" data-testid="agent-message-user">
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        <p className="mt-1 text-right text-[10px] text-text-muted">
          {message.author ? `${message.author} · ` : ""}
          {time(message.timestamp)}
        </p>
      </div>
    );
  }
  if (message.type === "system") return <RunReportView message={message} />;
  const m = message.metadata;
  return (
    <div
      className="mr-4 space-y-2 rounded-lg rounded-bl-sm border border-border bg-surface-2 px-3 py-2 text-sm text-text"
      data-testid="agent-message-agent"
    >
      <div className="flex items-start gap-2">
        <p className={cn("flex-1 whitespace-pre-wrap break-words", m.error && !m.plan && "text-danger")}>{message.content}</p>
        {m.error && !m.plan && (
          <button
            type="button"
            className="shrink-0 rounded px-1.5 text-xs font-medium text-danger underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
            onClick={() => controller.dismissAnswer(message.id)}
          >
            Dismiss
          </button>
        )}
      </div>
      {m.plan && <PlanView message={message} controller={controller} canEdit={canEdit} />}
      {m.scriptOffer && <ScriptOfferView message={message} controller={controller} canEdit={canEdit} />}
      {m.error && m.plan && (
        <p className="flex items-start gap-1.5 text-xs text-danger" role="alert">
          <CircleAlert className="mt-0.5 size-3.5 shrink-0" /> {m.error}
        </p>
      )}
      <p className="text-[10px] text-text-muted">
        {m.planner ? `${m.planner} · ` : ""}
        {time(message.timestamp)}
      </p>
    </div>
  );
});

function PlanView({ message, controller, canEdit }: { message: AgentMessage; controller: AgentController; canEdit: boolean }) {
  const m = message.metadata;
  const [busy, setBusy] = useState(false);
  const store = useCanvasStore();
  const steps = describePlan(m.plan!, (id) => nodesById(store.getState().nodes).get(id)?.data.title);
  const shown = steps.slice(0, 8);
  return (
    <div className="space-y-2" data-testid="agent-plan">
      <ol className="space-y-1 rounded-md bg-surface px-2.5 py-2 text-xs text-text-muted">
        {shown.map((s, i) => (
          <li key={i} className="truncate">
            {s}
          </li>
        ))}
        {steps.length > shown.length && <li>…and {steps.length - shown.length} more steps</li>}
      </ol>
      <p className="text-xs text-text-muted">
        {m.credits ? (
          <>
            Costs <span className="font-semibold text-accent">{m.credits.toLocaleString()} credits</span> when it runs
          </>
        ) : (
          "Costs no credits"
        )}
      </p>
      {m.planState === "proposed" && canEdit && (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="primary"
            disabled={busy}
            aria-busy={busy}
            onClick={async () => {
              setBusy(true);
              await controller.apply(message).finally(() => setBusy(false));
            }}
          >
            Apply
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void controller.cancel(message)}>
            Cancel
          </Button>
        </div>
      )}
      {m.planState === "cancelled" && <p className="text-xs text-text-muted">Cancelled</p>}
      {m.planState === "failed" && <p className="text-xs text-danger">Not applied</p>}
      {m.planState === "applied" && <AppliedNodes ids={m.nodeIds} />}
      {m.planState === "applied" && canEdit && <UndoPlanButton message={message} controller={controller} />}
      {m.planState === "undone" && <p className="text-xs text-text-muted">Undone</p>}
    </div>
  );
}

/** Undo of an applied plan: shown in the tab that applied it, while its canvas step is still undoable. */
function UndoPlanButton({ message, controller }: { message: AgentMessage; controller: AgentController }) {
  const undoable = useStore(controller.state, (s) => s.undoable.has(message.id));
  const [busy, setBusy] = useState(false);
  if (!undoable) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        await controller.undoPlan(message).finally(() => setBusy(false));
      }}
    >
      <Undo2 className="size-3.5" aria-hidden /> Undo
    </Button>
  );
}

/** A plan's runs have settled: what they made, kept in the history (the pictures stay when the nodes go). */
function RunReportView({ message }: { message: AgentMessage }) {
  const urls = message.metadata.assetUrls.slice(0, 12);
  return (
    <div
      className="mr-4 space-y-2 rounded-lg border border-success/30 bg-success-soft px-3 py-2 text-sm text-text"
      data-testid="agent-message-report"
    >
      <p className="flex items-center gap-1.5">
        <Check className="size-3.5 shrink-0 text-success" /> {message.content}
      </p>
      {urls.length > 0 && (
        <ul className="grid grid-cols-3 gap-1.5">
          {urls.map((url) => (
            <li key={url} className="aspect-square overflow-hidden rounded border border-border bg-surface-3">
              <Thumb url={url} title="Made by the plan" />
            </li>
          ))}
        </ul>
      )}
      <p className="text-[10px] text-text-muted">{time(message.timestamp)}</p>
    </div>
  );
}

/** What an applied plan made, live from the canvas: a thumbnail once each run finishes. */
function AppliedNodes({ ids }: { ids: string[] }) {
  // The nodes themselves: a node keeps its object while unchanged, so only these nodes' changes re-render.
  const nodes = useCanvas(useShallow((s) => ids.slice(0, 12).map((id) => nodesById(s.nodes).get(id))));
  return (
    <div className="space-y-1.5" data-testid="agent-applied">
      <p className="flex items-center gap-1 text-xs text-success">
        <Check className="size-3.5" /> Applied
      </p>
      <ul className="grid grid-cols-3 gap-1.5">
        {nodes.map((node) => {
          if (!node) return null;
          const title = node.data.title ?? "Untitled";
          const url = mediaUrlOf(node.data);
          return (
            <li key={node.id} className="overflow-hidden rounded border border-border bg-surface" title={title}>
              <div className="flex aspect-square items-center justify-center bg-surface-3">
                {node.data.status === "generating" ? (
                  <Loader2 className="size-4 animate-spin text-text-muted" aria-label="Running" />
                ) : url ? (
                  <Thumb url={url} title={title} type={node.data.contentType} />
                ) : node.data.status === "error" ? (
                  <CircleAlert className="size-4 text-danger" aria-label="Failed" />
                ) : (
                  <span className="px-1 text-center text-[10px] text-text-muted">{node.data.contentType || "node"}</span>
                )}
              </div>
              <p className="truncate px-1 py-0.5 text-[10px] text-text-muted">{title}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A small preview of a studio media URL: a picture, else a clip's first frame, else a plain tile. Without the
 * node's type (a report whose nodes may be gone) it tries them in that order.
 */
function Thumb({ url, title, type }: { url: string; title: string; type?: string }) {
  const [shown, setShown] = useState<"image" | "video" | "other">(
    type === "video" ? "video" : type === "image" || !type ? "image" : "other",
  );
  if (shown === "image")
    return <img src={url} alt={title} className="h-full w-full object-cover" onError={() => setShown(type ? "other" : "video")} />;
  if (shown === "video")
    return (
      <video
        src={url}
        muted
        preload="metadata"
        className="h-full w-full object-cover"
        aria-label={title}
        onError={() => setShown("other")}
      />
    );
  return (
    <span className="flex h-full items-center justify-center text-[10px] text-text-muted">
      {type === "model3d" ? "3D" : type || "media"}
    </span>
  );
}
