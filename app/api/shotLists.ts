import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CanvasNode } from "../../domain/canvas/node";
import type { ShotListScriptState } from "../../domain/breakdown/api";
import type { Permission } from "../../domain/permissions";
import type {
  CreateShotListInput,
  ShotImageResult,
  ShotList,
  ShotListPdfLayout,
  ShotListSummary,
  UpdateShotListInput,
} from "../../domain/shotlists/schema";
import { api, ApiError } from "./client";

export const shotListKeys = {
  list: (projectId: string) => ["shotLists", projectId] as const,
  one: (id: string) => ["shotList", id] as const,
  modelCost: (modelId: string) => ["modelCost", modelId] as const,
};

/** GET /api/shot-lists/:id: the list, the caller's permission and, for a list made from a script, that script's state. */
export type LoadedShotList = ShotList & { permission: Permission } & Partial<ShotListScriptState>;

export function useShotLists(projectId: string) {
  return useQuery({
    queryKey: shotListKeys.list(projectId),
    queryFn: async () => (await api<{ shotLists: ShotListSummary[] }>("GET", `/api/projects/${projectId}/shot-lists`)).shotLists,
  });
}

export function useCreateShotList(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShotListInput) => api<ShotList>("POST", `/api/projects/${projectId}/shot-lists`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: shotListKeys.list(projectId) }),
  });
}

export function useDeleteShotList(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api("DELETE", `/api/shot-lists/${id}`),
    onSuccess: (_r, id) => qc.setQueryData<ShotListSummary[]>(shotListKeys.list(projectId), (list) => list?.filter((s) => s.id !== id)),
  });
}

/** The editor's document, read once per opening (the editor owns it afterwards and saves it). */
export function useShotList(id: string) {
  return useQuery({
    queryKey: shotListKeys.one(id),
    queryFn: () => loadShotList(id),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const loadShotList = (id: string) => api<LoadedShotList>("GET", `/api/shot-lists/${id}`);

export const saveShotList = (id: string, body: UpdateShotListInput) => api<ShotList>("PUT", `/api/shot-lists/${id}`, body);

/** Multipart `file` + `shotId` (+ `shotListId`), spec shell 7. */
export async function uploadShotImage(input: { shotListId: string; shotId: string; file: File }): Promise<ShotImageResult> {
  const form = new FormData();
  form.set("shotId", input.shotId);
  form.set("shotListId", input.shotListId);
  form.set("file", input.file);
  let res: Response;
  try {
    res = await fetch("/api/shot-list/upload-image", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server");
  }
  const body = (await res.json().catch(() => null)) as (ShotImageResult & { error?: string; code?: string }) | null;
  if (!res.ok || !body?.imageUrl) throw new ApiError(res.status, body?.code ?? "error", body?.error ?? "");
  return body;
}

/** spec (shell 7): `{shotId, prompt}`; the server runs the image model and answers the image's URL. */
export const generateShotImage = (input: { shotListId: string; shotId: string; prompt: string }) =>
  api<ShotImageResult>("POST", "/api/shot-list/generate-image", input);

export const exportShotToCanvas = (input: { shotListId: string; shotId: string }) =>
  api<{ success: true; node: CanvasNode }>("POST", "/api/shot-list/export-to-canvas", input);

export const shotListExportUrl = (id: string, format: "pdf" | "csv", layout: ShotListPdfLayout = "table") =>
  `/api/shot-lists/${id}/export?format=${format}${format === "pdf" ? `&layout=${layout}` : ""}`;

/**
 * The image model's cost in credits for the Generate button (spec: shell 7 model-cost: money × 1000,
 * rounded). A failure is logged and the cost is simply not shown.
 */
export function useModelCost(modelId: string) {
  return useQuery({
    queryKey: shotListKeys.modelCost(modelId),
    queryFn: async () => {
      try {
        const r = await api<{ success: boolean; cost?: number; credits?: number }>(
          "GET",
          `/api/model-cost?modelId=${encodeURIComponent(modelId)}`,
        );
        if (typeof r.credits === "number") return r.credits;
        return typeof r.cost === "number" ? Math.round(r.cost * 1000) : null;
      } catch (err) {
        console.warn("model cost unavailable", err);
        return null;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
