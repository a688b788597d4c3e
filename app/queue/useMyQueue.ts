import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isWaitingRun, type QueueResponse } from "../../domain/runs/queue";
import { api, ApiError } from "../api/client";
import { openLiveSocket } from "../live/projectSocket";
import { toast } from "../ui";

export const QUEUE_KEY = ["queue"] as const;

/**
 * The user's queue across their projects: `GET /api/queue`, read again whenever the user's
 * own channel (`/api/live`) says it changed, so every open tab follows a pause, a move or a run that ends.
 */
export function useMyQueue(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    const live = openLiveSocket("/api/live", {
      opened: (_socket, again) => {
        live.healthy();
        if (again) refresh();
      },
      message: (data) => {
        if ((JSON.parse(data) as { type: string }).type === "queue") refresh();
      },
    });
    return () => live.close();
  }, [enabled, queryClient]);
  return useQuery({
    queryKey: QUEUE_KEY,
    queryFn: () => api<QueueResponse>("GET", "/api/queue"),
    enabled,
    // The live channel invalidates this; the interval only catches what a dropped socket missed.
    refetchInterval: 15_000,
  });
}

type QueueAction =
  | { type: "pause" }
  | { type: "resume" }
  | { type: "cancel-waiting" }
  | { type: "move"; runId: string; position: number }
  | { type: "run-next"; runId: string }
  | { type: "retry"; runId: string }
  | { type: "cancel"; runId: string };

const request = (a: QueueAction): Promise<{ cancelled?: number; credits?: number }> => {
  switch (a.type) {
    case "pause":
    case "resume":
    case "cancel-waiting":
      return api("POST", `/api/queue/${a.type}`);
    case "move":
      return api("PATCH", `/api/runs/${a.runId}`, { position: a.position });
    case "run-next":
    case "retry":
      return api("PATCH", `/api/runs/${a.runId}`, { action: a.type });
    case "cancel":
      return api("POST", `/api/generations/${a.runId}/cancel`);
  }
};

const SUCCESS: Partial<Record<QueueAction["type"], string>> = {
  pause: "Queue paused: waiting runs start when you resume",
  resume: "Queue resumed",
  "run-next": "It runs next",
  retry: "Queued again",
};

/** The queue's steering, each with a toast for its outcome; the list follows from the live channel. */
export function useQueueActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer, a) => {
      if (a.type === "cancel-waiting") {
        toast.success(
          answer.cancelled ? `Cancelled ${answer.cancelled} waiting run${answer.cancelled === 1 ? "" : "s"}` : "Nothing was waiting",
          {
            description: answer.credits ? `${answer.credits} credits returned` : undefined,
          },
        );
      } else if (SUCCESS[a.type]) toast.success(SUCCESS[a.type]!);
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : "The queue could not be changed; try again"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** The count on the queue button: runs running and waiting, across the user's projects. */
export function useActiveRunCount(): number {
  const { data } = useMyQueue();
  return data?.runs.filter((r) => r.status === "running" || isWaitingRun(r.status)).length ?? 0;
}
