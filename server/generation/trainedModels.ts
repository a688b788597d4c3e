/**
 * The models a user trained (LoRA trainer runs that succeeded), read from their generation rows: listed with
 * the catalogue in the user's model list, and resolved when a run names one. Only their trainer sees them.
 */
import { and, desc, eq } from "drizzle-orm";
import { isTrainedModelId, LORA_TRAINER_ID, trainedModelOf, trainedRunIdOf, type TrainedLora } from "../../domain/generation/trainedModels";
import type { Model } from "../../domain/generation/modelTypes";
import { toolExecutionResultSchema } from "../../domain/tools/api";
import { toolRunModelId } from "../../domain/tools/catalogue";
import type { Db } from "../db/client";
import { generations } from "../db/schema";

const trainedModelSchema = toolExecutionResultSchema.shape.trainedModel.unwrap();

type Row = { id: string; result: unknown; createdAt: Date };

function loraOf(row: Row): TrainedLora | null {
  const parsed = trainedModelSchema.safeParse((row.result as { trainedModel?: unknown } | null)?.trainedModel);
  if (!parsed.success) return null;
  const { name, triggerWord, loraUrl, studioUrl } = parsed.data;
  return { runId: row.id, name, triggerWord, loraUrl, studioUrl, createdAt: row.createdAt.toISOString() };
}

const trainerRunsOf = (userId: string) =>
  and(eq(generations.userId, userId), eq(generations.modelId, toolRunModelId(LORA_TRAINER_ID)), eq(generations.status, "succeeded"));

/** The user's trained models, newest first. */
export async function trainedModelsOf(db: Db, userId: string): Promise<Model[]> {
  const rows = await db
    .select({ id: generations.id, result: generations.result, createdAt: generations.createdAt })
    .from(generations)
    .where(trainerRunsOf(userId))
    .orderBy(desc(generations.createdAt))
    .limit(200);
  return rows.flatMap((row) => {
    const lora = loraOf(row);
    return lora ? [trainedModelOf(lora)] : [];
  });
}

/** A `lora:{run id}` model of this user, with the LoRA it runs; null for other ids and other users' models. */
export async function trainedModelFor(db: Db, userId: string, modelId: string): Promise<{ model: Model; lora: TrainedLora } | null> {
  if (!isTrainedModelId(modelId)) return null;
  const [row] = await db
    .select({ id: generations.id, result: generations.result, createdAt: generations.createdAt })
    .from(generations)
    .where(and(eq(generations.id, trainedRunIdOf(modelId)), trainerRunsOf(userId)));
  const lora = row ? loraOf(row) : null;
  return lora ? { model: trainedModelOf(lora), lora } : null;
}
