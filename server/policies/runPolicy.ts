import { QUEUE_MESSAGES } from "../../domain/runs/queue";
import type { Db } from "../db/client";
import { forbidden } from "../errors";
import { authorizeProject } from "./projectPolicy";

/**
 * Who may steer a run in a queue (move it, run it next, retry it): its own user, while they may still edit
 * its project. A stranger to the project gets the project's answer (it is private), a viewer 403 for
 * view-only access, and another editor 403: a run's place is in its user's queue alone.
 */
export async function authorizeRunSteering(db: Db, userId: string, run: { userId: string; projectId: string }): Promise<void> {
  await authorizeProject(db, userId, run.projectId, "edit");
  if (run.userId !== userId) throw forbidden(QUEUE_MESSAGES.notYours);
}
