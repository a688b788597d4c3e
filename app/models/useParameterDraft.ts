import { useCallback, useEffect, useRef, useState } from "react";
import { parameterDebounceMs } from "../../domain/generation/modelParamForm";
import type { ParamRecord } from "./paramValues";

export interface ParameterDraft {
  /** The node's values with the edits not yet sent on top. */
  values: ParamRecord;
  /** One field changed: sent at once for immediate parameters, else after 300 ms (spec canvas 9). */
  set(name: string, value: unknown): void;
  /** Sends the edits still waiting (closing the form, unmounting). */
  flush(): void;
  /** Replaces every parameter at once (Reset to defaults); unsent edits are dropped. */
  replace(all: ParamRecord): void;
}

/**
 * Holds a form's unsent parameter edits. `value` stays the source of truth: edits wait here until they
 * are sent with `onChange({...value, ...edits})`, so a change from elsewhere (another tab, undo) shows at
 * once for every field the user is not editing. An immediate parameter sends the waiting edits with it.
 * `resetKey` (the model id) drops unsent edits when the model changes: they belonged to the other model.
 */
export function useParameterDraft(
  value: ParamRecord,
  onChange: (params: Record<string, unknown>) => void,
  resetKey: string,
): ParameterDraft {
  const [pending, setPending] = useState<ParamRecord>({});
  const pendingRef = useRef<ParamRecord>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pendingRef.current = {};
    setPending({});
  }, []);

  const flush = useCallback(() => {
    const edits = pendingRef.current;
    cancel();
    if (Object.keys(edits).length > 0) latest.current.onChange({ ...latest.current.value, ...edits });
  }, [cancel]);

  const set = useCallback(
    (name: string, next: unknown) => {
      pendingRef.current = { ...pendingRef.current, [name]: next };
      setPending(pendingRef.current);
      const wait = parameterDebounceMs(name);
      if (wait === 0) return flush();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, wait);
    },
    [flush],
  );

  const replace = useCallback(
    (all: ParamRecord) => {
      cancel();
      latest.current.onChange({ ...all });
    },
    [cancel],
  );

  const modelKey = useRef(resetKey);
  useEffect(() => {
    if (modelKey.current === resetKey) return;
    modelKey.current = resetKey;
    cancel();
  }, [resetKey, cancel]);
  // Nothing typed is lost when the form goes away.
  useEffect(() => flush, [flush]);

  return { values: { ...value, ...pending }, set, flush, replace };
}
