/**
 * Every message the server pushes to a browser over a live socket (project channel or a user's own), as one
 * union built from each feature's messages. Senders use the features' constructors (`canvasMessages`,
 * `runMessages`, `collaborationMessages`, presence's), never object literals: `realtimeGuard.test.ts`.
 */
import type { PresenceMessage } from "../presence/presence";
import type { CanvasMessage } from "./canvas";
import type { AccessMessage, AgentChatMessage, ProjectsMessage, ScriptMessage } from "./collaboration";
import type { QueueMessage, RunMessage } from "./runs";

export type RealtimeMessage =
  /** Who is here and where (domain/presence): only to tabs that said hello, never to their own tab. */
  PresenceMessage | CanvasMessage | RunMessage | AgentChatMessage | ScriptMessage | AccessMessage | ProjectsMessage | QueueMessage;

export { canvasMessages, type CanvasMessage, type NodesMessage, type StructureMessage } from "./canvas";
export { collaborationMessages } from "./collaboration";
export { queueMessages, runMessages, type QueueMessage, type RunMessage, type RunRef } from "./runs";
