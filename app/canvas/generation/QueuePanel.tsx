import { useQuery } from "@tanstack/react-query";
import { useReactFlow } from "@xyflow/react";
import { CheckCircle2, CircleSlash, Clock, ListOrdered, Loader2, RotateCw, XCircle, X } from "lucide-react";
import { isActiveGeneration, type GenerationSummary } from "../../../domain/generation/api";
import { api } from "../../api/client";
import { Button, IconButton, Popover, PopoverContent, PopoverTrigger, cn } from "../../ui";
import { useCanvas, useCommands, useGeneration, useSessionActions } from "../store/useCanvas";

const STATUS: Record<GenerationSummary["status"], { label: string; icon: typeof Clock; tone: string }> = {
  running: { label: "Running", icon: Loader2, tone: "text-accent" },
  queued: { label: "Queued", icon: Clock, tone: "text-text-muted" },
  waiting: { label: "Waiting for inputs", icon: Clock, tone: "text-text-muted" },
  succeeded: { label: "Done", icon: CheckCircle2, tone: "text-success" },
  cached: { label: "Cached — unchanged", icon: RotateCw, tone: "text-text-muted" },
  failed: { label: "Failed", icon: XCircle, tone: "text-danger" },
  cancelled: { label: "Cancelled", icon: CircleSlash, tone: "text-text-muted" },
};

export function useProjectGenerations(projectId: string, enabled = true) {
  return useQuery({
    queryKey: ["generations", projectId],
    queryFn: async () => (await api<{ generations: GenerationSummary[] }>("GET", `/api/projects/${projectId}/generations`)).generations,
    enabled,
    // Live events invalidate this; the interval only catches what a dropped socket missed.
    refetchInterval: 15_000,
  });
}

/** The toolbar's queue button with the count of running and waiting jobs; opens the queue panel. */
export function QueueButton() {
  const projectId = useCanvas((s) => s.projectId);
  const { data } = useProjectGenerations(projectId);
  const active = data?.filter((g) => isActiveGeneration(g.status)).length ?? 0;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="queue-button">
          <ListOrdered className="size-4" aria-hidden /> Queue{active > 0 ? ` (${active})` : ""}
        </Button>
      </PopoverTrigger>
      <PopoverContent side="top" align="end" className="w-96 p-0">
        <QueuePanel generations={data ?? []} />
      </PopoverContent>
    </Popover>
  );
}

/** The project's running and waiting jobs (with cancel) and the latest finished ones, cached ones marked. */
export function QueuePanel({ generations }: { generations: GenerationSummary[] }) {
  const generation = useGeneration();
  const commands = useCommands();
  const session = useSessionActions();
  const canEdit = useCanvas((s) => s.canEdit);
  const rf = useReactFlow();
  return (
    <div data-testid="queue-panel">
      <div className="border-b border-border px-4 py-2.5 text-sm font-medium text-text">Generation queue</div>
      {generations.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-text-muted">Nothing has run in this project yet.</p>
      ) : (
        <ul className="max-h-80 overflow-y-auto py-1">
          {generations.map((g) => {
            const s = STATUS[g.status];
            const Icon = s.icon;
            return (
              <li key={g.id} className="flex items-center gap-3 px-4 py-2 hover:bg-surface-2" data-testid="queue-item" data-status={g.status}>
                <Icon className={cn("size-4 shrink-0", s.tone, g.status === "running" && "animate-spin")} aria-hidden />
                <button
                  type="button"
                  className="min-w-0 flex-1 text-left"
                  onClick={() => {
                    session.select(g.nodeId);
                    void rf.fitView({ nodes: [{ id: g.nodeId }], duration: 500, padding: 0.2 });
                  }}
                >
                  <span className="block truncate text-sm text-text">{g.nodeTitle}</span>
                  <span className="block truncate text-xs text-text-muted">
                    {g.modelName} · {s.label}
                    {g.status === "running" && g.progress > 0 ? ` ${g.progress}%` : ""}
                    {g.credits > 0 && isActiveGeneration(g.status) ? ` · ${g.credits} credits held` : ""}
                  </span>
                  {g.error && g.status === "failed" && <span className="block truncate text-xs text-danger">{g.error}</span>}
                </button>
                {isActiveGeneration(g.status) && canEdit && (
                  <IconButton label={`Cancel ${g.nodeTitle}`} size="sm" variant="ghost" onClick={() => void generation.cancel(g.id)}>
                    <X />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
