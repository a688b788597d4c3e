import { type KeyedProvider } from "../../domain/providers/registry";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ProviderKeyStatus } from "../../domain/generation/api";
import { api } from "../api/client";
import { modelKeys } from "../models/useModels";

export const providerKeysKey = ["settings", "keys"] as const;

export function useProviderKeys() {
  return useQuery({
    queryKey: providerKeysKey,
    queryFn: async () => (await api<{ keys: ProviderKeyStatus[] }>("GET", "/api/settings/keys")).keys,
  });
}

/** Puts the answered status in place of the old one; locked models depend on keys, so their list refetches. */
function useReplaceStatus() {
  const qc = useQueryClient();
  return (status: ProviderKeyStatus) => {
    qc.setQueryData<ProviderKeyStatus[]>(providerKeysKey, (list) => list?.map((s) => (s.provider === status.provider ? status : s)));
    void qc.invalidateQueries({ queryKey: modelKeys.all });
  };
}

export function useSaveProviderKey() {
  const replace = useReplaceStatus();
  return useMutation({
    mutationFn: ({ provider, key }: { provider: KeyedProvider; key: string }) =>
      api<ProviderKeyStatus>("PUT", `/api/settings/keys/${provider}`, { key }),
    onSuccess: replace,
  });
}

export function useRemoveProviderKey() {
  const replace = useReplaceStatus();
  return useMutation({
    mutationFn: (provider: KeyedProvider) => api<ProviderKeyStatus>("DELETE", `/api/settings/keys/${provider}`),
    onSuccess: replace,
  });
}
