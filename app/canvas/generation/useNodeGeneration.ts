/**
 * What the generation controls of one node read and write: its choices (type, model, parameters, toolbar
 * controls), the connected context, the model list and the run's cost. Shared by the bottom toolbar and the
 * sidebar, so both show and change the same thing (spec canvas 4 "Selection sync").
 */
import { useCallback, useEffect, useMemo } from "react";
import { generationContext } from "../../../domain/canvas/context";
import type { NodeData } from "../../../domain/canvas/node";
import { findModel } from "../../../domain/generation/catalogue";
import { toMediaType, type Model } from "../../../domain/generation/modelTypes";
import { runCredits } from "../../../domain/generation/runCost";
import { defaultModelOf, modelChoice, runChoicesOf } from "../../../domain/generation/nodeChoices";
import { defaultAspectRatio } from "../../../domain/generation/toolbar";
import { toast } from "../../ui";
import { useCompatibleModels, useModelCosts, type ModelsContext } from "../../models/useModels";
import type { ContextMediaItem } from "../../models/paramValues";
import { useCanvas, useCanvasStore, useCommands } from "../store/useCanvas";
import { incomingSources, nodesById, type StudioEdge, type StudioNode } from "../store/canvasStore";

/** Type buttons in toolbar order, with the content-type word each stores (spec canvas 2). */
export const TYPE_CHOICES = [
  { label: "Text", value: "text" },
  { label: "Image", value: "image" },
  { label: "Video", value: "video" },
  { label: "Audio", value: "audio" },
  { label: "3D", value: "model3d" },
] as const;
export const TYPE_LOCKED_TITLE = "Type locked - node has generated content";

const hasGeneratedContent = (data: NodeData) => Boolean(data.mediaUrl || data.displayUrl || (data.content && data.content.trim()));

/** One string per upstream set, so the hook re-reads context only when an input really changed. */
function upstreamSignature(nodes: readonly StudioNode[], edges: readonly StudioEdge[], nodeId: string | null): string {
  if (!nodeId) return "";
  const ids = incomingSources(edges).get(nodeId) ?? [];
  const byId = nodesById(nodes);
  return ids
    .map((id) => {
      const d = byId.get(id)?.data;
      return d ? `${id}|${d.contentType ?? ""}|${d.mediaUrl ?? d.displayUrl ?? ""}|${(d.content ?? "").length}` : id;
    })
    .join("\n");
}

/**
 * The choices of a node not made yet: with nothing selected the toolbar's type, model and
 * prompt are kept here, and Run makes a node of them.
 */
export interface DraftNode {
  data: NodeData;
  set(patch: Partial<NodeData>): void;
}

export function useNodeGeneration(nodeId: string | null, draft?: DraftNode) {
  const store = useCanvasStore();
  const commands = useCommands();
  const nodeData = useCanvas((s) => (nodeId ? nodesById(s.nodes).get(nodeId)?.data : undefined));
  const drafting = !nodeId && draft !== undefined;
  const data = drafting ? draft.data : nodeData;
  const canEdit = useCanvas((s) => s.canEdit);
  const signature = useCanvas((s) => upstreamSignature(s.nodes, s.edges, nodeId));

  const upstream = useMemo(() => {
    if (!nodeId) return [];
    const { nodes, edges } = store.getState();
    return edges
      .filter((e) => e.target === nodeId)
      .map((e) => nodes.find((n) => n.id === e.source))
      .filter((n): n is NonNullable<typeof n> => Boolean(n))
      .map((n) => ({ id: n.id, data: n.data }));
    // `signature` captures every upstream change that matters.
  }, [nodeId, signature, store]);

  const context: ContextMediaItem[] = useMemo(
    () =>
      generationContext(upstream).map((c) => ({ nodeId: c.nodeId, type: c.type === "model3d" ? "3d" : c.type, url: c.url, text: c.text })),
    [upstream],
  );

  const modelsContext: ModelsContext = useMemo(
    () => ({
      selectedNode: data ? { id: nodeId ?? "draft", data: { contentType: data.contentType ?? null } } : null,
      connectedNodes: upstream.map((u) => ({ id: u.id, data: { contentType: u.data.contentType ?? null } })),
      edges: [],
    }),
    [nodeId, data?.contentType, upstream],
  );
  const models = useCompatibleModels(modelsContext, { enabled: Boolean(nodeId) || drafting });
  // A node with a type but no model shows the default it would run with (saved at its first edit or run).
  const defaultModel = toMediaType(data?.contentType) && !data?.selectedModel ? defaultModelOf(models.models) : undefined;
  const selectedModelId = data?.selectedModel || defaultModel?.id || null;
  const model: Model | null = useMemo(
    () => (selectedModelId ? (models.models.find((m) => m.id === selectedModelId) ?? findModel(selectedModelId) ?? null) : null),
    [models.models, selectedModelId],
  );
  const costs = useModelCosts(useMemo(() => [...models.models.map((m) => m.id), selectedModelId], [models.models, selectedModelId]));

  // The same reading of the node the run itself uses (executeBody, and the server for Run from here).
  const choices = useMemo(() => runChoicesOf(data ?? {}), [data]);
  const { controls, variations } = choices;
  const credits = model?.ownKey ? 0 : model ? runCredits(model, choices.params, controls, variations, choices.prompt) : null;

  const type = toMediaType(data?.contentType);
  const typeLocked = data ? hasGeneratedContent(data) : false;

  const setDraft = draft?.set;
  // The first edit of a node shown with the default model saves that model with it.
  const unsavedDefault = nodeId && defaultModel ? defaultModel.id : null;
  const update = useCallback(
    (patch: Partial<NodeData> & Record<string, unknown>) =>
      nodeId
        ? commands.updateNodeData(
            nodeId,
            unsavedDefault && !("selectedModel" in patch) ? { selectedModel: unsavedDefault, ...patch } : patch,
          )
        : setDraft?.(patch),
    [commands, nodeId, setDraft, unsavedDefault],
  );

  const chooseModel = useCallback(
    (next: Model) => {
      if (!next || next.usable === false) return;
      const choice = modelChoice(next, type, typeLocked);
      if ("refused" in choice) return void toast.error(choice.refused);
      update(choice.patch);
    },
    [update, type, typeLocked],
  );

  // The draft (nothing selected) takes the default model as its own: Run makes a node of it. A selected
  // node is not written here: selecting a node must not change it (and at 2,000 nodes a write per click
  // cost the click its frame budget); it shows the default and saves it at its first edit or run.
  useEffect(() => {
    if (!drafting || !data || data.selectedModel || !type || models.loading) return;
    const first = defaultModelOf(models.models);
    if (first) update({ selectedModel: first.id });
  }, [drafting, data, type, models.loading, models.models, update]);

  return {
    nodeId,
    /** No node yet: the choices are a draft that Run turns into a node. */
    drafting,
    data,
    canEdit,
    type,
    typeLocked,
    context,
    models,
    model,
    /** The model the node runs with: its own, else the default it shows (saved at its first edit or run). */
    modelId: selectedModelId,
    costs,
    credits,
    variations,
    controls,
    seedFixed: choices.seedFixed,
    update,
    chooseModel,
    /** Changing the type clears a model that cannot make it. */
    setType(value: string) {
      const media = toMediaType(value);
      const keep = model && media && model.capabilities.some((c) => c.outputTypes.some((o) => o.type === media));
      // A new image or video node starts at its type's usual ratio (image 1:1, video 16:9).
      const ratio =
        (media === "image" || media === "video") && !hasGeneratedContent(data ?? {}) ? { aspectRatio: defaultAspectRatio(media) } : {};
      update({ contentType: value, ...ratio, ...(keep ? {} : { selectedModel: "", modelParameters: {} }) });
    },
  };
}
export type NodeGeneration = ReturnType<typeof useNodeGeneration>;
