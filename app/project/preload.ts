import type { QueryClient } from "@tanstack/react-query";
import type { CanvasData } from "../canvas/CanvasWorkspace";
import type { Project } from "../../domain/projects";
import { api } from "../api/client";
import { projectKeys } from "../api/projects";

/*
 * Opening /?project=… used to be a waterfall: session → workspace code → project → canvas code → nodes.
 * Starting the code chunks and the two requests together as soon as the address names a project cut
 * canvas-ready by about 40 % (bench/canvas).
 */

let workspaceChunk: Promise<unknown> | null = null;
let canvasChunk: Promise<unknown> | null = null;

export const loadWorkspace = () => (workspaceChunk ??= import("./ProjectWorkspace"));
export const loadCanvas = () => (canvasChunk ??= import("../canvas/CanvasMode"));

const canvasRequests = new Map<string, { request: Promise<CanvasData>; at: number }>();
/**
 * A preloaded canvas is only used soon after it was asked for: a preload started later (a session refetch
 * while another mode shows) must not hand stale nodes to a canvas opened minutes after.
 */
const PRELOAD_FRESH_MS = 10_000;
const fetchCanvas = (projectId: string) => api<CanvasData>("GET", `/api/projects/nodes?projectId=${projectId}`);

/** Starts everything a project page needs; safe to call more than once. */
export function preloadProject(queryClient: QueryClient, projectId: string, mode: string) {
  void loadWorkspace();
  void queryClient.prefetchQuery({
    queryKey: projectKeys.one(projectId),
    queryFn: () => api<Project>("GET", `/api/projects/${projectId}`),
    retry: false,
  });
  if (mode === "canvas") {
    void loadCanvas();
    if (!canvasRequests.has(projectId)) {
      const request = fetchCanvas(projectId);
      request.catch(() => canvasRequests.delete(projectId));
      canvasRequests.set(projectId, { request, at: Date.now() });
    }
  }
}

/**
 * The canvas's first read: the preloaded answer if there is one (used once, so a later visit reads
 * fresh data), else a new request.
 */
export function takeCanvas(projectId: string): Promise<CanvasData> {
  const pending = canvasRequests.get(projectId);
  canvasRequests.delete(projectId);
  return pending && Date.now() - pending.at < PRELOAD_FRESH_MS ? pending.request : fetchCanvas(projectId);
}
