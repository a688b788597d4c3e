import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddMemberInput, CreateProjectInput, Member, Project, UpdateProjectInput } from "../../domain/projects";
import { api } from "./client";

export const projectKeys = {
  all: ["projects"] as const,
  one: (id: string) => ["projects", id] as const,
  members: (id: string) => ["projects", id, "members"] as const,
};

export function useProjects() {
  return useQuery({
    queryKey: projectKeys.all,
    queryFn: async () => (await api<{ projects: Project[] }>("GET", "/api/projects")).projects,
  });
}

export function useProject(id: string | null) {
  return useQuery({
    queryKey: projectKeys.one(id ?? ""),
    queryFn: () => api<Project>("GET", `/api/projects/${id}`),
    enabled: !!id,
    retry: false,
  });
}

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => api<Project>("POST", "/api/projects", input),
    onSuccess: (project) => {
      qc.setQueryData(projectKeys.one(project.id), project);
      void qc.invalidateQueries({ queryKey: projectKeys.all, exact: true });
      // A first project grants the sign-up allowance (server/services/signupAllowance.ts).
      void qc.invalidateQueries({ queryKey: CREDITS_KEY });
    },
  });
}

export function useUpdateProject(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) => api<Project>("PATCH", `/api/projects/${id}`, input),
    onSuccess: (project) => {
      qc.setQueryData(projectKeys.one(id), project);
      void qc.invalidateQueries({ queryKey: projectKeys.all, exact: true });
    },
  });
}

export function useDeleteProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>("DELETE", `/api/projects/${id}`),
    onSuccess: (_r, id) => {
      qc.setQueryData<Project[]>(projectKeys.all, (list) => list?.filter((p) => p.id !== id));
      qc.removeQueries({ queryKey: projectKeys.one(id) });
    },
  });
}

export function useMembers(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.members(projectId),
    queryFn: async () => (await api<{ members: Member[] }>("GET", `/api/projects/${projectId}/members`)).members,
    enabled,
  });
}

export function useAddMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) => api<Member>("POST", `/api/projects/${projectId}/members`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}

export function useRemoveMember(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api("DELETE", `/api/projects/${projectId}/members/${encodeURIComponent(userId)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}

/** The balance's query: anything that moves credits (a run, a shot image) invalidates it. */
export const CREDITS_KEY = ["credits"] as const;

export function useCredits(enabled = true) {
  return useQuery({
    queryKey: CREDITS_KEY,
    queryFn: fetchCredits,
    select: (credits) => credits.balance,
    enabled,
    staleTime: 30_000,
  });
}

/** The sign-up allowance not yet granted (0 once it has arrived): same query, another view of it. */
export function usePromisedCredits() {
  return useQuery({ queryKey: CREDITS_KEY, queryFn: fetchCredits, select: (credits) => credits.promised ?? 0, staleTime: 30_000 });
}

async function fetchCredits() {
  return api<{ balance: number; promised?: number }>("GET", "/api/credits");
}
