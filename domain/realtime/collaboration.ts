import type { AgentMessage } from "../agent/messages";
import type { Permission } from "../permissions";

/**
 * The receiving socket's user now has this permission on the project (the owner changed it): sent to that
 * user's own sockets alone, so their open tab follows at once.
 */
export interface AccessMessage {
  type: "access";
  permission: Permission;
}

/**
 * On a user's own channel (GET /api/live): the projects shared with them changed (a new share, a removal or a
 * change of permission), so their dashboard reads its list again.
 */
export interface ProjectsMessage {
  type: "projects";
}

/** A message of the project's agent chat, new or updated (a plan applied or cancelled); clients keep it by id. */
export interface AgentChatMessage {
  type: "agent";
  message: AgentMessage;
}

/** A script of the project was saved; open editors of it reload unless they made the change. */
export interface ScriptMessage {
  type: "script";
  clientId?: string;
  scriptId: string;
  version: number;
  lastEditedBy: string | null;
}

export const collaborationMessages = {
  access: (permission: Permission): AccessMessage => ({ type: "access", permission }),
  projects: (): ProjectsMessage => ({ type: "projects" }),
  agent: (message: AgentMessage): AgentChatMessage => ({ type: "agent", message }),
  script: (saved: Omit<ScriptMessage, "type">): ScriptMessage => ({ type: "script", ...saved }),
};
