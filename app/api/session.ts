import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../domain/auth";
import { api } from "./client";

export const sessionKey = ["session"] as const;

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      const data = await api<{ user: SessionUser } | null>("GET", "/api/auth/get-session");
      return data?.user ? { id: data.user.id, email: data.user.email, name: data.user.name } : null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => api("POST", "/api/auth/sign-in/email", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string }) => api("POST", "/api/auth/sign-up/email", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}

/** Sign-out failures are only logged: the user still leaves (spec: shell 8). */
export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    try {
      await api("POST", "/api/auth/sign-out", {});
    } catch (err) {
      console.error("sign-out failed", err);
    }
    qc.clear();
    qc.setQueryData(sessionKey, null);
  };
}
