/**
 * Applies a storyboard lane sent from a shot list: compiled against the canvas as it is, put
 * on it as one undo step through the command layer, the shots told which node is theirs, and with Generate
 * all, run: new character nodes first (so the shots get their look), then every shot.
 */
import { compilePlan } from "../../../domain/agent/compilePlan";
import { characterNodesOf, storyboardPlan } from "../../../domain/storyboard/storyboardPlan";
import { api } from "../../api/client";
import type { PendingStoryboard } from "./pendingStoryboard";
import type { CanvasCommands } from "../commands/canvasCommands";
import type { GenerationController } from "../generation/generationController";
import { nodesById, type CanvasStore } from "../store/canvasStore";

export interface StoryboardEnv {
  store: CanvasStore;
  commands: CanvasCommands;
  generation: Pick<GenerationController, "run">;
  flushWrites(): Promise<boolean>;
  reveal(nodeIds: string[]): void;
  notify(kind: "success" | "error" | "info", message: string, description?: string): void;
}

/** How long Generate all waits for the character images before running the shots anyway. */
const CHARACTER_WAIT_MS = 5 * 60_000;

/** Resolves once none of `ids` is generating (finished, failed or gone), or after `timeoutMs`. */
export function whenSettled(store: CanvasStore, ids: readonly string[], timeoutMs = CHARACTER_WAIT_MS): Promise<void> {
  const settled = () => {
    const byId = nodesById(store.getState().nodes);
    return ids.every((id) => {
      const data = byId.get(id)?.data;
      return !data || (!data.isGenerating && data.status !== "generating");
    });
  };
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.subscribe(() => settled() && done());
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

export async function applyStoryboard(env: StoryboardEnv, storyboard: PendingStoryboard): Promise<boolean> {
  const state = env.store.getState();
  if (!state.canEdit) {
    env.notify("error", "This canvas is view only", "The storyboard was not added.");
    return false;
  }
  const { plan, shotKeys, newCharacterKeys } = storyboardPlan(storyboard.scene, {
    model: storyboard.model,
    aspectRatio: storyboard.aspectRatio,
    characterNodes: characterNodesOf(state.nodes),
  });
  const compiled = compilePlan(plan, state, { now: Date.now() });
  if (!compiled.ok) {
    env.notify("error", "The storyboard could not be added", compiled.error);
    return false;
  }
  if (!env.commands.batch(() => env.commands.applyChanges(compiled.plan.changes))) return false;
  const created = compiled.plan.created;
  const shotNodes = [...shotKeys.values()].map((key) => created[key]!);
  const characterNodes = newCharacterKeys.map((key) => created[key]!);
  env.reveal([...characterNodes, ...shotNodes]);
  env.notify("success", `Storyboard added: ${shotNodes.length === 1 ? "1 shot" : `${shotNodes.length} shots`}`, plan.summary);

  // The shots learn their nodes once the nodes are saved (the link names saved nodes).
  if (!(await env.flushWrites())) {
    env.notify(
      "error",
      "The storyboard is still saving",
      "Its shots will not show the images until it is saved. Run the lane from the canvas once it is.",
    );
    return true;
  }
  const links = [...shotKeys].map(([shotId, key]) => ({ shotId, nodeId: created[key]! }));
  await api("PUT", `/api/shot-lists/${storyboard.listId}/shot-nodes`, { links }).catch((err: Error) =>
    env.notify("error", "The shot list could not be linked to the storyboard", err.message),
  );
  if (!storyboard.generate) return true;

  await Promise.all(characterNodes.map((id) => env.generation.run(id)));
  await whenSettled(env.store, characterNodes);
  const started = await Promise.all(shotNodes.map((id) => env.generation.run(id)));
  const count = started.filter(Boolean).length;
  if (count < shotNodes.length) env.notify("error", `Started ${count} of ${shotNodes.length} shots`, "The others say why on their nodes.");
  return true;
}
