import { useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from "@tanstack/react-query";
import { modelCostResponseSchema, modelsResponseSchema } from "../../domain/generation/api";
import type { Model } from "../../domain/generation/modelTypes";
import { defaultModelOf } from "../../domain/generation/nodeChoices";
import { api, ApiError } from "../api/client";
import type { ModelCosts } from "./modelCost";

/**
 * The model list and model costs (spec canvas 7 models/available and model-cost, 8 "Models"). Settings,
 * when a provider key changes, invalidates `modelKeys.all` so locked models unlock without a reload.
 */
export const modelKeys = {
  all: ["models"] as const,
  everyModel: () => ["models", "available", "all"] as const,
  compatible: (nodeId: string | null, contentType: string | null, connections: string) =>
    ["models", "available", "compatible", nodeId, contentType, connections] as const,
  cost: (modelId: string) => ["models", "cost", modelId] as const,
};

/** A node as sent in the models/available context: its id and data (contentType, media, text). */
export interface ModelsContextNode {
  id: string;
  data?: { contentType?: string | null; [field: string]: unknown };
}

export interface ModelsContextEdge {
  id: string;
  source: string;
  target: string;
}

/** Spec canvas 7: the body of POST /api/models/available is `{ context: { selectedNode, connectedNodes, edges } }`. */
export interface ModelsContext {
  selectedNode: ModelsContextNode | null;
  connectedNodes: readonly ModelsContextNode[];
  edges: readonly ModelsContextEdge[];
}

/** What the picker and the toolbar dropdown read: the list is empty while loading and after a failure. */
export interface ModelListState {
  models: Model[];
  loading: boolean;
  /** 'API error: {status}' or 'Failed to fetch models' (spec canvas 8 "Models"). */
  error: string | null;
  refetch: () => void;
}

export const MODELS_FAILED = "Failed to fetch models";
const MODELS_STALE_MS = 60_000;
const COST_STALE_MS = 5 * 60_000;

/** Spec canvas 8: an HTTP refusal reads 'API error: {status}'; anything else 'Failed to fetch models'. */
export function modelsErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.code !== "network" ? `API error: ${err.status}` : MODELS_FAILED;
}

/** Reads `{ success, models, error }`; an answer that is not a model list is a failure, not an empty list. */
function readModels(body: unknown): Model[] {
  const parsed = modelsResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.models;
  const serverError = (body as { error?: unknown } | null)?.error;
  if (typeof serverError !== "string") console.warn("models/available answered an unexpected shape", parsed.error.issues.slice(0, 3));
  throw new Error(typeof serverError === "string" && serverError ? serverError : MODELS_FAILED);
}

async function fetchModels(method: "GET" | "POST", body?: unknown): Promise<Model[]> {
  let answer: unknown;
  try {
    answer = await api<unknown>(method, "/api/models/available", body);
  } catch (err) {
    throw new Error(modelsErrorMessage(err));
  }
  return readModels(answer);
}

function toListState(query: UseQueryResult<Model[]>): ModelListState {
  return {
    models: query.data ?? [],
    loading: query.isPending && query.fetchStatus !== "idle",
    error: query.error ? query.error.message : null,
    refetch: () => void query.refetch(),
  };
}

/**
 * What decides compatibility: the connections, and what each connected node holds. The spec names the
 * connections; the connected nodes' content types are in the key too, so connecting an empty node that
 * later receives an image offers image → video models without reconnecting it.
 */
export function connectionsKey(context: ModelsContext): string {
  const edges = context.edges.map((e) => e.id).sort();
  const nodes = context.connectedNodes.map((n) => `${n.id}:${n.data?.contentType ?? "none"}`).sort();
  return `${edges.join(",")}|${nodes.join(",")}`;
}

/**
 * What the server's answer depends on (server/generation/generationRoutes.ts): the selected node's content
 * type and the content types its connections bring, counted. Ids do not change it.
 */
function compatibilityQuestion(context: ModelsContext): string {
  const inputs = context.connectedNodes.map((n) => n.data?.contentType ?? "none").sort();
  return JSON.stringify([context.selectedNode?.data?.contentType ?? null, inputs]);
}

/**
 * The newest fresh answer to the same question for another node: asked less than MODELS_STALE_MS ago and
 * not invalidated since (a provider key added, a LoRA trained).
 */
function sameAnswer(queryClient: QueryClient, question: string): { data: Model[]; updatedAt: number } | undefined {
  const [newest] = queryClient
    .getQueryCache()
    .findAll({ queryKey: ["models", "available", "compatible"], predicate: (q) => q.meta?.question === question })
    .filter((q) => q.state.status === "success" && !q.state.isInvalidated && Date.now() - q.state.dataUpdatedAt < MODELS_STALE_MS)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return newest ? { data: newest.state.data as Model[], updatedAt: newest.state.dataUpdatedAt } : undefined;
}

/**
 * POST /api/models/available: the models that can fill the selected node given its connections. Refetched
 * when the selected node, its content type or its connections change (spec canvas 7), unless the same
 * question was answered for another node within the minute: selecting a node then takes that answer at
 * once, without a request (at 2,000 nodes each click's request and its answer cost the click's frame).
 */
export function useCompatibleModels(context: ModelsContext, { enabled = true }: { enabled?: boolean } = {}): ModelListState {
  const queryClient = useQueryClient();
  const node = context.selectedNode;
  const question = compatibilityQuestion(context);
  // Looked up at most once, when this node's entry is made (both initial fields read the same answer).
  let same: { answer: ReturnType<typeof sameAnswer> } | null = null;
  const sameOnce = () => (same ??= { answer: sameAnswer(queryClient, question) }).answer;
  const query = useQuery({
    queryKey: modelKeys.compatible(node?.id ?? null, node?.data?.contentType ?? null, connectionsKey(context)),
    queryFn: () => fetchModels("POST", { context: { selectedNode: node, connectedNodes: context.connectedNodes, edges: context.edges } }),
    enabled,
    staleTime: MODELS_STALE_MS,
    meta: { question },
    // An answer as old as staleTime is refetched as usual.
    initialData: () => sameOnce()?.data,
    initialDataUpdatedAt: () => sameOnce()?.updatedAt,
  });
  return toListState(query);
}

/**
 * The default model (the first usable compatible one) of a node of this content type, from the newest
 * compatible list read for it (the toolbar reads it when the node is selected), or null if none was read.
 */
export function cachedDefaultModel(queryClient: QueryClient, nodeId: string, contentType: string | null): string | null {
  const [newest] = queryClient
    .getQueryCache()
    .findAll({ queryKey: ["models", "available", "compatible", nodeId, contentType] })
    .filter((q) => q.state.data)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return defaultModelOf((newest?.state.data as Model[] | undefined) ?? [])?.id ?? null;
}

/** GET /api/models/available: every model, each with its inputSchema and whether it is usable now. */
export function useAllModels({ enabled = true }: { enabled?: boolean } = {}): ModelListState {
  const query = useQuery({
    queryKey: modelKeys.everyModel(),
    queryFn: () => fetchModels("GET"),
    enabled,
    staleTime: MODELS_STALE_MS,
  });
  return toListState(query);
}

/** GET /api/model-cost?modelId=: credits for one run. A failure only warns (spec canvas 8); the caller shows an estimate. */
export async function fetchModelCredits(modelId: string): Promise<number> {
  try {
    const body = await api<unknown>("GET", `/api/model-cost?modelId=${encodeURIComponent(modelId)}`);
    const parsed = modelCostResponseSchema.safeParse(body);
    if (!parsed.success) throw new Error("model-cost answered an unexpected shape");
    return parsed.data.credits;
  } catch (err) {
    console.warn(`Could not load the cost of ${modelId}:`, err instanceof Error ? err.message : err);
    throw err;
  }
}

/** Each answer carries its id so the combiner of useModelCosts needs no closure and stays stable (TanStack memoizes it). */
const costQuery = (modelId: string) => ({
  queryKey: modelKeys.cost(modelId),
  queryFn: async () => ({ modelId, credits: await fetchModelCredits(modelId) }),
  staleTime: COST_STALE_MS,
  // One warning per failure is enough; the estimate stands in meanwhile.
  retry: false,
});

/** One model's credits, or undefined while loading or after a failure. */
export function useModelCost(modelId: string | null | undefined): number | undefined {
  const query = useQuery({ ...costQuery(modelId ?? ""), enabled: !!modelId });
  return query.data?.credits;
}

function toCosts(results: readonly { data?: { modelId: string; credits: number } }[]): ModelCosts {
  const costs: Record<string, number> = {};
  for (const r of results) if (r.data) costs[r.data.modelId] = r.data.credits;
  return costs;
}

/** Credits per model id for every listed model and the selected one (spec canvas 7); failed ones are left out. */
export function useModelCosts(modelIds: readonly (string | null | undefined)[]): ModelCosts {
  const ids = [...new Set(modelIds.filter((id): id is string => !!id))];
  return useQueries({ queries: ids.map(costQuery), combine: toCosts });
}
