/**
 * The shot list image run kind (POST /api/shot-list/generate-image): a model run that is not on the canvas.
 * The same preparation, hold, queue, engine, storage and ledger as a model run on a node; its image is the
 * run's result, which the route hands to the shot list.
 */
import { displayNameFor } from "../../domain/generation/catalogue";
import type { RunChoices } from "../../domain/generation/nodeChoices";
import type { GenerationDeps } from "../generation/deps";
import { resultOf, runModel } from "../generation/modelRun";
import { prepareRun, type PreparedRun } from "../generation/prepare";
import type { RunKind } from "../runs/kind";
import { RUN_KIND_IDS } from "../runs/registry";

export const shotImageRunKind: RunKind<GenerationDeps, RunChoices, PreparedRun> = {
  id: RUN_KIND_IDS.shotImage,
  onCanvas: false,
  prepare: ({ deps, userId, projectId, node }, choices) => prepareRun(deps, userId, projectId, node, choices),
  async execute(ctx) {
    const { outputs } = await runModel(ctx);
    // its picture is shown once the run settles, which records its media row (RunResult.media)
    return { data: resultOf(outputs), media: outputs.files };
  },
  describe: (row) => ({ title: "Shot list image", modelName: displayNameFor(row.modelId).name }),
};
