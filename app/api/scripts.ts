import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ScriptFile, ScriptFileType, ScriptSummary } from "../../domain/scripts";
import { api, ApiError } from "./client";

export const scriptKeys = {
  list: (projectId: string) => ["scripts", projectId] as const,
  one: (id: string) => ["script", id] as const,
};

export function useScripts(projectId: string) {
  return useQuery({
    queryKey: scriptKeys.list(projectId),
    queryFn: async () => (await api<{ scripts: ScriptSummary[] }>("GET", `/api/projects/${projectId}/scripts`)).scripts,
  });
}

export function useCreateScript(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; fileType?: ScriptFileType }) =>
      api<ScriptFile>("POST", `/api/projects/${projectId}/scripts`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: scriptKeys.list(projectId) }),
  });
}

export function useDeleteScript(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api("DELETE", `/api/scripts/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueryData<ScriptSummary[]>(scriptKeys.list(projectId), (list) => list?.filter((s) => s.id !== id));
    },
  });
}

export function useRenameScript(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api<ScriptFile>("PATCH", `/api/scripts/${id}`, { name }),
    onSuccess: (saved) => {
      qc.setQueryData<ScriptSummary[]>(scriptKeys.list(projectId), (list) =>
        list?.map((s) => (s.id === saved.id ? { ...s, name: saved.name } : s)),
      );
      qc.setQueryData<ScriptFile>(scriptKeys.one(saved.id), (one) => (one ? { ...one, name: saved.name } : one));
    },
  });
}

/** Multipart upload of a .fdx, .docx or .fountain file; the server parses it into a new script. */
export function useImportScript(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, name }: { file: File; name: string }) => {
      const form = new FormData();
      form.set("name", name);
      form.set("file", file);
      const res = await fetch(`/api/projects/${projectId}/scripts/import`, { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json().catch(() => null)) as (ScriptFile & { error?: string; code?: string }) | null;
      if (!res.ok) throw new ApiError(res.status, body?.code ?? "error", body?.error ?? "Upload failed");
      return body as ScriptFile;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: scriptKeys.list(projectId) }),
  });
}
