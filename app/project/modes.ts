export const MODES = [
  { id: "scripts", label: "Scripts", key: "1" },
  { id: "shotLists", label: "Shot Lists", key: "2" },
  { id: "assets", label: "Assets", key: "3" },
  { id: "canvas", label: "Canvas", key: "4" },
] as const;

export type Mode = (typeof MODES)[number]["id"];
export const DEFAULT_MODE: Mode = "canvas";

/** Other parts of the app may switch mode with `window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode } }))`. */
export const MODE_EVENT = "reelgraph:mode-change";

export const isMode = (v: unknown): v is Mode => MODES.some((m) => m.id === v);

/** Alt+1..4 by physical key, so macOS Option's special characters do not get in the way. */
export function modeForShortcut(e: Pick<KeyboardEvent, "altKey" | "ctrlKey" | "metaKey" | "code">): Mode | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  const digit = /^Digit([1-4])$/.exec(e.code)?.[1];
  return MODES.find((m) => m.key === digit)?.id ?? null;
}

const modeKey = (projectId: string) => `reelgraph.mode.${projectId}`;

/**
 * The mode a project opens in: Canvas (spec), except after a reload, which keeps the mode of the visit it
 * reloads (remembered in this tab until the project is left: `forgetMode`).
 */
export function initialMode(projectId: string): Mode {
  const saved = sessionStorage.getItem(modeKey(projectId));
  return isMode(saved) ? saved : DEFAULT_MODE;
}

export function rememberMode(projectId: string, mode: Mode) {
  sessionStorage.setItem(modeKey(projectId), mode);
}

/** The project was left (back to the dashboard, another project): it opens on the canvas next time. */
export function forgetMode(projectId: string) {
  sessionStorage.removeItem(modeKey(projectId));
}
