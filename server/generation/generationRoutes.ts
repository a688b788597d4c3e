/**
 * Generation calls (spec canvas 7): execute-node, models/available, model-cost; plus the queue panel's list
 * and cancel (graph runs and Run from here: server/runs/routes.ts).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { toMediaType, type MediaType, type Model } from "../../domain/generation/modelTypes";
import { executeNodeBodySchema, GENERATION_MESSAGES, generationDataSchema, modelsAvailableBodySchema } from "../../domain/generation/api";
import { CATALOGUE, findModel, modelsFor } from "../../domain/generation/catalogue";
import { estimateCost, costToCredits } from "../../domain/generation/cost";
import { requireUser } from "../auth/session";
import { badRequest, notFound } from "../errors";
import { parse } from "../validation";
import type { GenerationEngine } from "./deps";
import { modelRunKind } from "./modelRun";
import { trainedModelFor, trainedModelsOf } from "./trainedModels";
import { modelsForCaller } from "./availability";

const modelCostQuery = z.object({ modelId: z.string().min(1, "modelId is required").max(200) }).strict();
const idParams = z.object({ id: z.string().min(1).max(100) });

export function registerGenerationRoutes(app: FastifyInstance, service: GenerationEngine) {
  const { deps } = service;
  /** Every model with whether this caller can use it now (a key for its provider, the engine available). */
  const callerModels = (userId: string, models: readonly Model[]) => modelsForCaller(deps, userId, models);

  /** The catalogue and, after it, the models this user trained (LoRA trainer). */
  const catalogueFor = async (userId: string): Promise<Model[]> => [...CATALOGUE, ...(await trainedModelsOf(deps.db, userId))];

  app.get("/api/models/available", async (request) => {
    const caller = requireUser(request);
    return { success: true, models: await callerModels(caller.id, await catalogueFor(caller.id)) };
  });

  /** Compatible with the selected node (its content type) and the media its connected nodes provide. */
  app.post("/api/models/available", async (request) => {
    const caller = requireUser(request);
    const { context } = parse(modelsAvailableBodySchema, request.body ?? {});
    const selected = (context.selectedNode ?? null) as { data?: { contentType?: unknown } } | null;
    const output = toMediaType(selected?.data?.contentType);
    const inputs = (context.connectedNodes ?? [])
      .map((n) => toMediaType((n as { data?: { contentType?: unknown } })?.data?.contentType))
      .filter((t): t is MediaType => t !== null);
    return { success: true, models: await callerModels(caller.id, modelsFor(output, inputs, await catalogueFor(caller.id))) };
  });

  /** Spec canvas 7: `cost` in money units; shown as credits = cost × 1000, rounded (also returned). */
  app.get("/api/model-cost", async (request) => {
    const caller = requireUser(request);
    const { modelId } = parse(modelCostQuery, request.query);
    const model = findModel(modelId) ?? (await trainedModelFor(deps.db, caller.id, modelId))?.model;
    if (!model) throw notFound(`${GENERATION_MESSAGES.unknownModel}: ${modelId}`);
    const cost = estimateCost(model);
    return { success: true, cost, credits: costToCredits(cost) };
  });

  app.post("/api/execute-node", async (request, reply) => {
    const caller = requireUser(request);
    const body = parse(executeNodeBodySchema, request.body ?? {});
    const generationId = await service.start(
      modelRunKind,
      { userId: caller.id, projectId: body.projectId, nodeId: body.nodeId },
      {
        prompt: body.prompt,
        modelId: body.selectedModel,
        params: body.parameters.modelParameters,
        controls: body.controls.toolbarControls ?? {},
        variations: body.controls.variations,
        seedFixed: body.controls.seedFixed ?? false,
      },
    );
    if (!body.wait) return reply.code(202).send({ success: true, generationId });
    const row = await service.waitFor(generationId);
    if (row.status === "succeeded") return { success: true, generationId, data: generationDataSchema.parse(row.result ?? {}) };
    return { success: false, generationId, status: row.status, error: row.error ?? GENERATION_MESSAGES.failedRetry };
  });

  app.post("/api/generations/:id/cancel", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(idParams, request.params);
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw badRequest("Invalid generation id");
    await service.cancel(caller.id, id);
    return { success: true };
  });
}
