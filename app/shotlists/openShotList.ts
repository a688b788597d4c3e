/**
 * Which shot list a project's Shot Lists tab shows, kept per browser tab (sessionStorage) so it survives a
 * reload and a trip to another mode; and opening a list at one shot from elsewhere (the script editor's
 * line markers, the breakdown's toast).
 */
import { MODE_EVENT } from "../project/modes";

const openKey = (projectId: string) => `reelgraph.shotList.${projectId}`;
const focusKey = (listId: string) => `reelgraph.shotList.focus.${listId}`;

export function openedList(projectId: string): string | null {
  try {
    return sessionStorage.getItem(openKey(projectId));
  } catch {
    return null;
  }
}

export function rememberOpenList(projectId: string, listId: string | null) {
  try {
    if (listId) sessionStorage.setItem(openKey(projectId), listId);
    else sessionStorage.removeItem(openKey(projectId));
  } catch {
    /* storage unavailable: the tab simply opens on the list */
  }
}

/** Switches the project to its Shot Lists tab with `listId` open, scrolled to `shotId` when given. */
export function openShotList(projectId: string, listId: string, shotId?: string) {
  rememberOpenList(projectId, listId);
  try {
    if (shotId) sessionStorage.setItem(focusKey(listId), shotId);
  } catch {
    /* the list still opens, at its top */
  }
  window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode: "shotLists" } }));
}

/** The shot the list was opened at, once: the editor scrolls to it and then forgets it. */
export function takeFocusShot(listId: string): string | null {
  try {
    const id = sessionStorage.getItem(focusKey(listId));
    sessionStorage.removeItem(focusKey(listId));
    return id;
  } catch {
    return null;
  }
}
