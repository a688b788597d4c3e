import {
  ArrowUpToLine,
  CheckCircle2,
  ChevronDown,
  ChevronUp,
  CircleSlash,
  Clock,
  GripVertical,
  Loader2,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  X,
  XCircle,
} from "lucide-react";
import { useState, type DragEvent } from "react";
import { isWaitingRun, type QueueRun } from "../../domain/runs/queue";
import { formatWriteEdited } from "../../domain/relativeTime";
import { useNow } from "../lib/useNow";
import { Button, ConfirmDialog, IconButton, cn } from "../ui";
import { useMyQueue, useQueueActions } from "./useMyQueue";

const STATUS: Record<QueueRun["status"], { label: string; icon: typeof Clock; tone: string }> = {
  running: { label: "Running", icon: Loader2, tone: "text-accent" },
  queued: { label: "Waiting", icon: Clock, tone: "text-text-muted" },
  waiting: { label: "Waiting for inputs", icon: Clock, tone: "text-text-muted" },
  succeeded: { label: "Done", icon: CheckCircle2, tone: "text-success" },
  cached: { label: "Cached — unchanged", icon: RotateCw, tone: "text-text-muted" },
  failed: { label: "Failed", icon: XCircle, tone: "text-danger" },
  cancelled: { label: "Cancelled", icon: CircleSlash, tone: "text-text-muted" },
};

/**
 * My queue across projects: pause and resume, waiting runs in the order they will start
 * (drag to reorder, or Move up / Move down / Run next from the keyboard), Retry on a failed run, cancel one
 * or all waiting. `onOpen` opens a run's node (the canvas does it for its own project's runs).
 */
export function MyQueuePanel({ onOpen, currentProjectId }: { onOpen?: (run: QueueRun) => void; currentProjectId?: string }) {
  const { data, isLoading } = useMyQueue();
  const act = useQueueActions();
  const now = useNow(10_000);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const runs = data?.runs ?? [];
  const paused = data?.paused ?? false;
  const waiting = runs.filter((r) => isWaitingRun(r.status));
  const placeOf = (id: string) => waiting.findIndex((w) => w.id === id);

  const drop = (e: DragEvent, target: QueueRun) => {
    e.preventDefault();
    const id = dragging ?? e.dataTransfer.getData("text/plain");
    setDragging(null);
    setOver(null);
    if (!id || id === target.id || placeOf(id) < 0) return;
    act.mutate({ type: "move", runId: id, position: placeOf(target.id) });
  };

  return (
    <div data-testid="queue-panel" data-paused={paused}>
      <div className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        <span className="flex-1 text-sm font-medium text-text">
          My queue{paused && <span className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs font-normal text-accent">Paused</span>}
        </span>
        <Button
          size="sm"
          variant="secondary"
          disabled={act.isPending}
          onClick={() => act.mutate({ type: paused ? "resume" : "pause" })}
          data-testid="queue-pause"
        >
          {paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
          {paused ? "Resume" : "Pause"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={waiting.length === 0}
          onClick={() => setConfirmCancel(true)}
          data-testid="queue-cancel-waiting"
        >
          Cancel all waiting
        </Button>
      </div>
      {isLoading ? (
        <p className="px-4 py-6 text-center text-sm text-text-muted">Loading…</p>
      ) : runs.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-text-muted">Nothing has run yet.</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto py-1" aria-label="Runs">
          {runs.map((r) => {
            const s = STATUS[r.status];
            const Icon = s.icon;
            const place = placeOf(r.id);
            const movable = place >= 0;
            const when = r.finishedAt ?? r.startedAt ?? r.createdAt;
            return (
              <li
                key={r.id}
                className={cn(
                  "group flex items-center gap-2 px-3 py-2 hover:bg-surface-2",
                  over === r.id && dragging !== r.id && "border-t-2 border-accent",
                  dragging === r.id && "opacity-50",
                )}
                data-testid="queue-item"
                data-status={r.status}
                data-run-id={r.id}
                draggable={movable}
                onDragStart={(e) => {
                  e.dataTransfer.setData("text/plain", r.id);
                  e.dataTransfer.effectAllowed = "move";
                  setDragging(r.id);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onDragOver={(e) => {
                  if (!movable || !dragging) return;
                  e.preventDefault();
                  setOver(r.id);
                }}
                onDrop={(e) => movable && drop(e, r)}
              >
                {movable ? (
                  <GripVertical className="size-4 shrink-0 cursor-grab text-text-muted" aria-hidden />
                ) : (
                  <span className="w-4 shrink-0" />
                )}
                <Icon className={cn("size-4 shrink-0", s.tone, r.status === "running" && "animate-spin")} aria-hidden />
                <button
                  type="button"
                  className="min-w-0 flex-1 rounded text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:cursor-default"
                  disabled={!onOpen || r.projectId !== currentProjectId}
                  onClick={() => onOpen?.(r)}
                >
                  <span className="block truncate text-sm text-text" title={r.nodeTitle} data-testid="queue-item-title">
                    {r.nodeTitle}
                  </span>
                  <RunFacts
                    facts={[
                      r.projectName,
                      r.modelName,
                      `${s.label}${r.status === "running" && r.progress > 0 ? ` ${r.progress}%` : ""}`,
                      ...(r.credits > 0 ? [`${r.credits} credits`] : []),
                      formatWriteEdited(when, now),
                    ]}
                  />
                  {r.error && r.status === "failed" && <span className="line-clamp-2 text-xs text-danger">{r.error}</span>}
                </button>
                {movable && (
                  <>
                    <IconButton
                      label={`Move ${r.nodeTitle} up`}
                      size="sm"
                      disabled={place === 0}
                      onClick={() => act.mutate({ type: "move", runId: r.id, position: place - 1 })}
                    >
                      <ChevronUp />
                    </IconButton>
                    <IconButton
                      label={`Move ${r.nodeTitle} down`}
                      size="sm"
                      disabled={place === waiting.length - 1}
                      onClick={() => act.mutate({ type: "move", runId: r.id, position: place + 1 })}
                    >
                      <ChevronDown />
                    </IconButton>
                    <IconButton
                      label={`Run ${r.nodeTitle} next`}
                      size="sm"
                      disabled={place === 0}
                      onClick={() => act.mutate({ type: "run-next", runId: r.id })}
                    >
                      <ArrowUpToLine />
                    </IconButton>
                  </>
                )}
                {r.status === "failed" && (
                  <IconButton label={`Retry ${r.nodeTitle}`} size="sm" onClick={() => act.mutate({ type: "retry", runId: r.id })}>
                    <RotateCcw />
                  </IconButton>
                )}
                {(movable || r.status === "running") && (
                  <IconButton label={`Cancel ${r.nodeTitle}`} size="sm" onClick={() => act.mutate({ type: "cancel", runId: r.id })}>
                    <X />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel all waiting runs"
        message={`${waiting.length} waiting run${waiting.length === 1 ? "" : "s"} will be cancelled and their credits returned. Running ones finish.`}
        confirmLabel="Cancel waiting runs"
        cancelLabel="Keep them"
        destructive
        busy={act.isPending}
        onConfirm={() => act.mutate({ type: "cancel-waiting" }, { onSettled: () => setConfirmCancel(false) })}
      />
    </div>
  );
}

/**
 * A run's second line (project · model · status · credits · time). Beside a waiting run's four buttons the
 * row is narrow, so the facts wrap between themselves instead of being cut off; each keeps to one line,
 * and only a name longer than the row is shortened (in full on hover). The dot ends a fact, so a wrapped
 * line starts with the next one.
 */
function RunFacts({ facts }: { facts: string[] }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-1 text-xs text-text-muted" data-testid="queue-item-facts">
      {facts.map((fact, i) => (
        <span key={i} className="max-w-full truncate whitespace-nowrap" title={fact}>
          {fact}
          {i < facts.length - 1 && <span aria-hidden> ·</span>}
        </span>
      ))}
    </span>
  );
}
