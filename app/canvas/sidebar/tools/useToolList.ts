import { useCallback, useEffect, useState } from "react";
import { TOOL_MESSAGES, type ToolSummary } from "../../../../domain/tools/api";

/** spec canvas 9: the tool list times out after 5 s. */
const LIST_TIMEOUT_MS = 5_000;

export type ToolListState =
  | { status: "loading" }
  | { status: "ready"; tools: ToolSummary[] }
  | { status: "error"; message: string; tools: [] };

/** GET /api/tools/available (no cache, 5 s time-out); a failure shows 'Error {status}: {text}' or 'Network error'. */
export function useToolList(): { state: ToolListState; reload(): void } {
  const [state, setState] = useState<ToolListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    const timer = setTimeout(() => controller.abort(), LIST_TIMEOUT_MS);
    setState({ status: "loading" });
    fetch("/api/tools/available", { credentials: "same-origin", cache: "no-store", signal: controller.signal })
      .then(async (res) => {
        if (!live) return;
        if (!res.ok)
          return setState({
            status: "error",
            message: TOOL_MESSAGES.listFailed(res.status, (await res.text()).slice(0, 200) || res.statusText),
            tools: [],
          });
        const body = (await res.json()) as { tools: ToolSummary[] };
        if (live) setState({ status: "ready", tools: body.tools });
      })
      .catch(() => {
        // A time-out aborts too: it reads as a network error. Leaving the panel does not.
        if (live) setState({ status: "error", message: TOOL_MESSAGES.networkError, tools: [] });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      live = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [attempt]);
  return { state, reload: useCallback(() => setAttempt((a) => a + 1), []) };
}
