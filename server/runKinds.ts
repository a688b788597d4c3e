/**
 * Every run kind this server runs, each from its own folder, and who listens to runs' success: the one
 * list the run engine (server/runs) is built with.
 */
import { animaticRunKind } from "./animatic/animaticRun";
import type { GenerationDeps } from "./generation/deps";
import { modelRunKind } from "./generation/modelRun";
import type { RunEngine } from "./runs/engine";
import { RunKindRegistry } from "./runs/registry";
import { shotImageRunKind } from "./shotlists/shotImageRun";
import { shotImageFromNode, shotListsLinking } from "./storyboard/shotNodes";
import { loraTrainingRunKind } from "./tools/loraTraining";
import { toolRunKind } from "./tools/toolRun";

export const runKinds = () =>
  new RunKindRegistry<GenerationDeps>([modelRunKind, shotImageRunKind, toolRunKind, loraTrainingRunKind, animaticRunKind]);

export function subscribeToRuns(engine: RunEngine<GenerationDeps>): void {
  // A storyboard node's image becomes its shot's, before the run is reported done; which shot lists link the
  // node is asked as the success is recorded (most nodes are in none).
  engine.runner.onSucceeded(
    async (row, _kind, result, linkedLists) => {
      const listIds = linkedLists as string[] | null;
      if (result.image && listIds?.length) await shotImageFromNode(engine.deps.db, listIds, row.nodeId, result.image);
    },
    (row, result) => (result.image ? shotListsLinking(row.projectId, row.nodeId) : null),
  );
}
