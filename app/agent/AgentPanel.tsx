import { memo, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { Bot, ChevronDown, ChevronUp, Send, X } from "lucide-react";
import { AGENT_MESSAGE_MAX, AGENT_MESSAGES, contextChipTitle } from "../../domain/agent/messages";
import { IconButton, Spinner, cn } from "../ui";
import { useCanvas, useCanvasStore, useCommands } from "../canvas/store/useCanvas";
import { selectedNodes } from "../canvas/store/canvasStore";
import type { AgentController } from "./agentController";
import { AgentMessageView } from "./AgentMessageView";

/** spec (shell 9): the input grows to this height, then scrolls. */
const INPUT_MAX_HEIGHT = 120;

/**
 * spec (shell 2 "Agent panel"): a floating panel at the bottom right, 384×600 px, or 320×64 px minimized:
 * the context strip, the chat and the input.
 */
export function AgentPanel({ controller }: { controller: AgentController }) {
  const panel = useStore(controller.state, (s) => s.panel);
  if (panel === "closed") return null;
  return <AgentPanelFrame controller={controller} minimized={panel === "minimized"} />;
}

function AgentPanelFrame({ controller, minimized }: { controller: AgentController; minimized: boolean }) {
  const active = useStore(controller.state, (s) => s.activeWorkflowId);
  const projectId = useCanvas((s) => s.projectId);
  return (
    <section
      aria-label={AGENT_MESSAGES.title}
      data-testid="agent-panel"
      data-canvas-panel
      className={cn(
        // Above the generation toolbar (bottom centre), never over its Run button: 600 px high where the
        // canvas is tall enough, shorter on a small screen.
        "absolute bottom-[10.5rem] right-4 z-20 flex flex-col overflow-hidden rounded-xl border border-border bg-surface/95 shadow-2xl",
        minimized ? "h-16 w-80" : "h-[600px] max-h-[calc(100%-11.5rem)] w-96",
      )}
    >
      <header className="flex h-16 shrink-0 items-center gap-2 border-b border-border px-4">
        <Bot className="size-4 text-accent" aria-hidden />
        <h2 className="text-sm font-semibold text-text">{AGENT_MESSAGES.title}</h2>
        {active && (
          <span className="relative flex size-2.5" title={`Workflow ${active} is running`} data-testid="agent-active-dot">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-75" />
            <span className="relative inline-flex size-2.5 rounded-full bg-success" />
          </span>
        )}
        <span className="flex-1" />
        <IconButton
          label={minimized ? "Expand agent panel" : "Minimize agent panel"}
          size="sm"
          onClick={() => controller.setPanel(minimized ? "open" : "minimized")}
        >
          {minimized ? <ChevronUp /> : <ChevronDown />}
        </IconButton>
        <IconButton label="Close agent panel" size="sm" onClick={() => controller.setPanel("closed")}>
          <X />
        </IconButton>
      </header>
      {!minimized &&
        (projectId ? (
          <AgentBody controller={controller} />
        ) : (
          <p className="m-auto px-6 text-center text-sm text-text-muted">{AGENT_MESSAGES.noProject}</p>
        ))}
    </section>
  );
}

function AgentBody({ controller }: { controller: AgentController }) {
  const all = useStore(controller.state, (s) => s.messages);
  const dismissed = useStore(controller.state, (s) => s.dismissed);
  const messages = useMemo(() => all.filter((m) => !dismissed.has(m.id)), [all, dismissed]);
  const request = useStore(controller.state, (s) => s.request);
  const streaming = useStore(controller.state, (s) => s.streaming);
  const errors = useStore(controller.state, (s) => s.errors);
  const canEdit = useCanvas((s) => s.canEdit);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length, streaming, errors.length, request]);
  return (
    <>
      <ContextChips />
      <div
        ref={list}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-3"
        role="log"
        aria-live="polite"
        data-testid="agent-chat"
      >
        {messages.length === 0 && request !== "loading" && <EmptyChat onPick={canEdit ? controller.setDraft : undefined} />}
        {messages.map((m) => (
          <AgentMessageView key={m.id} message={m} controller={controller} canEdit={canEdit} />
        ))}
        {request === "loading" && (
          <div className="flex items-start gap-2 text-sm text-text-muted" data-testid="agent-working">
            <Spinner className="mt-0.5 size-4" />
            <span className="whitespace-pre-wrap">{streaming || AGENT_MESSAGES.working}</span>
          </div>
        )}
        {errors.map((e) => (
          <div
            key={e.id}
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
          >
            <span className="flex-1 whitespace-pre-wrap">{e.text}</span>
            <button
              type="button"
              className="shrink-0 rounded px-1.5 text-xs font-medium underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
              onClick={() => controller.dismiss(e.id)}
            >
              Dismiss
            </button>
          </div>
        ))}
      </div>
      {canEdit ? (
        <AgentInput controller={controller} />
      ) : (
        <p className="border-t border-border px-4 py-3 text-xs text-text-muted">{AGENT_MESSAGES.viewOnly}</p>
      )}
    </>
  );
}

const STARTERS = [
  "make a 5-second video from this image, slow push in",
  "three variations of the selected frame in 9:16",
  "storyboard scene 2 of Pilot",
  "lay these out left to right",
];

/** A new chat: what to ask, as requests that fill the input when clicked. */
function EmptyChat({ onPick }: { onPick?(text: string): void }) {
  return (
    <div className="my-auto space-y-3 px-2 text-center text-sm text-text-muted">
      <p className="text-text">Tell the agent what to make.</p>
      <ul className="flex flex-col items-center gap-1.5">
        {STARTERS.map((s) => (
          <li key={s}>
            <button
              type="button"
              disabled={!onPick}
              className="rounded-full border border-border px-3 py-1 text-xs text-text-muted hover:border-border-strong hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent disabled:pointer-events-none"
              onClick={() => onPick?.(s)}
            >
              “{s}”
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs">It shows a plan and what it costs before it changes anything.</p>
    </div>
  );
}

/** spec: chips show the node content cut to 20 characters, or 'Untitled'; 'Clear All' with more than one. */
const ContextChips = memo(function ContextChips() {
  const commands = useCommands();
  // The nodes themselves (each keeps its object while unchanged), so the strip re-renders only when they change.
  const chips = useCanvas(useShallow((s) => s.nodes.filter((n) => n.data.agentContext)));
  const selected = useCanvas(useShallow((s) => selectedNodes(s.nodes).flatMap((n) => (n.data.agentContext ? [] : [n.id]))));
  const canEdit = useCanvas((s) => s.canEdit);
  // A view-only member sees the chips but cannot add the selection.
  if (!chips.length && !(canEdit && selected.length)) return null;
  return (
    <div
      className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-border px-4 py-2"
      aria-label="Agent context"
      data-testid="agent-context"
    >
      {chips.map((node) => {
        const title = contextChipTitle(node.data);
        return (
          <span
            key={node.id}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-accent/40 bg-accent-soft py-0.5 pl-2.5 pr-1 text-xs text-text"
          >
            <span className="truncate">{title}</span>
            {canEdit && (
              <button
                type="button"
                aria-label={`Remove ${title} from the agent's context`}
                className="rounded-full p-0.5 text-text-muted hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
                onClick={() => commands.toggleAgentContext(node.id)}
              >
                <X className="size-3" />
              </button>
            )}
          </span>
        );
      })}
      {canEdit && selected.length > 0 && (
        <button
          type="button"
          className="rounded-full border border-dashed border-border px-2.5 py-0.5 text-xs text-text-muted hover:border-border-strong hover:text-text"
          onClick={() => commands.batch(() => selected.forEach((id) => commands.toggleAgentContext(id)))}
        >
          + Add {selected.length === 1 ? "selected node" : `${selected.length} selected nodes`}
        </button>
      )}
      {canEdit && chips.length > 1 && (
        <button
          type="button"
          className="ml-auto text-xs text-text-muted underline-offset-2 hover:text-text hover:underline"
          onClick={() => commands.batch(() => chips.forEach((node) => commands.toggleAgentContext(node.id)))}
        >
          Clear All
        </button>
      )}
    </div>
  );
});

function AgentInput({ controller }: { controller: AgentController }) {
  const text = useStore(controller.state, (s) => s.draft);
  const setText = (next: string | ((now: string) => string)) =>
    controller.setDraft(typeof next === "function" ? next(controller.state.getState().draft) : next);
  const loading = useStore(controller.state, (s) => s.request === "loading");
  const applyFree = useStore(controller.state, (s) => s.applyFreePlans);
  const nodes = useCanvasNodesForRequest();
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT)}px`;
  }, [text]);
  const tooLong = text.trim().length > AGENT_MESSAGE_MAX;
  const send = async () => {
    if (!text.trim() || loading || tooLong) return;
    const sent = text;
    setText("");
    if (!(await controller.send(sent, nodes()))) setText((now) => now || sent);
  };
  return (
    <form
      className="shrink-0 border-t border-border px-3 pb-3 pt-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          rows={1}
          value={text}
          disabled={loading}
          aria-label="Message the agent"
          placeholder="Ask the agent to build or change your workflow…"
          className="min-h-9 flex-1 resize-none rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-text placeholder:text-text-subtle focus-visible:border-accent focus-visible:outline-none disabled:opacity-60"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // spec: Enter sends, Shift+Enter adds a line (and an IME's Enter picks a word).
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <IconButton label="Send" type="submit" variant="primary" disabled={loading || !text.trim() || tooLong}>
          <Send />
        </IconButton>
      </div>
      <div className="mt-1.5 flex items-center justify-between text-[11px] text-text-muted">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            className="accent-[var(--color-accent)]"
            checked={applyFree}
            onChange={(e) => controller.setApplyFreePlans(e.target.checked)}
          />
          Apply free plans without asking
        </label>
        {tooLong ? <span className="text-danger">{AGENT_MESSAGES.tooLong}</span> : <span>Enter to send · Shift+Enter for a new line</span>}
      </div>
    </form>
  );
}

/** The selection and the context as the request carries them, read when it is sent (not on every change). */
function useCanvasNodesForRequest() {
  const store = useCanvasStore();
  return () => {
    const nodes = store.getState().nodes;
    return {
      selected: nodes.filter((n) => n.selected).map((n) => n.id),
      context: nodes.filter((n) => n.data.agentContext).map((n) => n.id),
    };
  };
}
