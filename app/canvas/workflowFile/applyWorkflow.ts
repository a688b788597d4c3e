/**
 * Puts a prepared workflow on the canvas the way a storyboard lane goes on
 * (storyboard/applyStoryboard.ts): through the command layer, as one list in one batch, so it is one undo
 * step, saved at once and live in every open browser. The nodes are placed again beside the canvas as
 * this tab has it (the server placed them beside the saved one), the chosen substitutes are taken, and the
 * new nodes are selected and shown.
 */
import { type CanvasChange, nodeAdded, edgeAdded, groupAdded } from "../../../domain/canvas/changes";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { withSubstitutes } from "../../../domain/workflowFile/compatibility";
import { placeBeside } from "../../../domain/workflowFile/remap";
import type { CanvasCommands } from "../commands/canvasCommands";
import type { CanvasStore } from "../store/canvasStore";

export interface WorkflowApplyEnv {
  store: CanvasStore;
  commands: Pick<CanvasCommands, "batch" | "applyChanges">;
  reveal(nodeIds: string[]): void;
  notify(kind: "success" | "error", message: string, description?: string): void;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** True when the nodes landed; `accepted` holds the issue keys whose substitute the person took. */
export function applyWorkflow(env: WorkflowApplyEnv, prepared: PreparedWorkflow, accepted: ReadonlySet<string>): boolean {
  const state = env.store.getState();
  if (!state.canEdit) {
    env.notify("error", "This canvas is view only", "The workflow was not imported.");
    return false;
  }
  const taken = new Set(state.nodes.map((n) => n.id));
  if (prepared.nodes.some((n) => taken.has(n.id))) {
    // Ids are fresh per prepare; the same answer applied twice would move the nodes instead of adding them.
    env.notify("error", "This workflow is already on the canvas", "Choose the file again to import another copy.");
    return false;
  }
  const nodes = placeBeside(
    withSubstitutes(prepared.nodes, prepared.issues, accepted),
    state.nodes.map((n) => n.position),
  );
  const changes: CanvasChange[] = [
    ...nodes.map((node): CanvasChange => nodeAdded(node)),
    ...prepared.edges.map((edge): CanvasChange => edgeAdded(edge)),
    ...(prepared.groups ?? []).map((group): CanvasChange => groupAdded(group)),
  ];
  if (!env.commands.batch(() => env.commands.applyChanges(changes))) {
    env.notify("error", "The workflow could not be imported");
    return false;
  }
  env.reveal(nodes.map((n) => n.id));
  env.notify(
    "success",
    `Workflow imported: ${count(nodes.length, "node", "nodes")}`,
    prepared.edges.length ? count(prepared.edges.length, "connection", "connections") : undefined,
  );
  return true;
}
