import type { AutosaveResponse } from "../../../domain/canvas/node";
import { api } from "../../api/client";
import type { OutboxTransport } from "./outbox";

/** The outbox's requests from the browser: same-origin, cookie-authenticated. */
export const apiTransport: OutboxTransport = {
  autosave: (body) => api<AutosaveResponse>("POST", "/api/workflows/autosave", body),
  structure: (projectId, body) => api("POST", `/api/projects/${projectId}/structure`, body),
};
