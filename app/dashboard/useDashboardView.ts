import { useCallback, useState } from "react";
import type { DashboardView } from "./Sidebar";

const KEY = "reelgraph.dashboardView";
const VIEWS: readonly DashboardView[] = ["projects", "shared", "tv"];

function read(): DashboardView {
  try {
    const saved = sessionStorage.getItem(KEY);
    return VIEWS.find((v) => v === saved) ?? "projects";
  } catch {
    return "projects";
  }
}

/**
 * The dashboard's sidebar view, kept for this tab only: coming back from a shared project lands on Shared
 * with me again, while a new tab or visit starts on My Projects.
 */
export function useDashboardView() {
  const [view, setViewState] = useState(read);
  const setView = useCallback((next: DashboardView) => {
    try {
      sessionStorage.setItem(KEY, next);
    } catch {
      /* storage switched off: the choice lasts as long as the page */
    }
    setViewState(next);
  }, []);
  return [view, setView] as const;
}
