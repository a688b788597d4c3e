import { queueMessages, type RunMessage } from "../../domain/realtime";
import type { RealtimeHub } from "../realtime/hub";

/**
 * Says a run's step on its project's channel, and, for a change of status (not progress), on its user's own
 * channel too, so the Queue panel in every tab of theirs follows their runs across projects.
 */
export async function publishRun(
  hub: RealtimeHub,
  run: { projectId: string; userId: string },
  message: RunMessage,
  options: { progress?: boolean } = {},
): Promise<void> {
  await hub.publish(run.projectId, message);
  if (!options.progress) await hub.notifyUser(run.userId, queueMessages.changed());
}
