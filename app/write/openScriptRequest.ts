import { create } from "zustand";
import { MODE_EVENT } from "../project/modes";

/**
 * Another part of the project (the agent's "Write into a script") asks to show a script in its editor. The
 * request is kept until Scripts mode, which may not be loaded yet, takes it.
 */
export const useOpenScriptRequest = create<{ scriptId: string | null }>(() => ({ scriptId: null }));

export function requestOpenScript(scriptId: string) {
  useOpenScriptRequest.setState({ scriptId });
  window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode: "scripts" } }));
}

/** Scripts mode takes the request (once). */
export function takeOpenScriptRequest(): string | null {
  const { scriptId } = useOpenScriptRequest.getState();
  if (scriptId) useOpenScriptRequest.setState({ scriptId: null });
  return scriptId;
}
