import { useEffect, useRef } from "react";

/** Calls `fn` every `ms` while `ms` is not null; the latest `fn` is always the one called. */
export function useInterval(fn: () => void, ms: number | null) {
  const saved = useRef(fn);
  saved.current = fn;
  useEffect(() => {
    if (ms === null) return;
    const id = window.setInterval(() => saved.current(), ms);
    return () => window.clearInterval(id);
  }, [ms]);
}
