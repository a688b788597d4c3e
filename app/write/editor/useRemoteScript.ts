/**
 * Keeping the open script in step with the server (spec 4 "Screenplay save"). Conflicts:
 *  - another member's save (realtime notice, lastEditedBy ≠ me, newer version) replaces the script when there
 *    are no unsaved local edits; with unsaved edits, the local text is kept and a toast offers to load theirs;
 *  - a save refused as stale (409) loads the latest version and offers to restore the local one (which then
 *    saves over it, on purpose). Nothing typed is thrown away without the writer being told.
 */
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { openLiveChannel } from "../../canvas/sync/liveChannel";
import { toast } from "../../ui";
import { indexOfId, withAtLeastOne, type ElementStore, type Focus } from "./editorState";
import { EDITOR_MESSAGES } from "./messages";
import type { Saver } from "./saver";
import { fetchScript, type ScriptWithPermission } from "./scriptApi";
import { hasCode } from "../../api/errorMessages";

export interface RemoteScriptOptions {
  script: ScriptWithPermission;
  projectId: string;
  userId: string;
  clientId: string;
  readOnly: boolean;
  store: ElementStore;
  saver: Saver;
  metadata: RefObject<ScriptWithPermission["metadata"]>;
  setName(name: string): void;
  pendingFocus: RefObject<Focus | null>;
}

/**
 * Listens for other members' saves on the live channel and reloads or warns; returns the handler for failed
 * saves (409 conflicts and the rest), which the saver calls.
 */
export function useRemoteScript({
  script,
  projectId,
  userId,
  clientId,
  readOnly,
  store,
  saver,
  metadata,
  setName,
  pendingFocus,
}: RemoteScriptOptions): { onSaveFailure(err: unknown): void } {
  const warnedVersion = useRef(0);

  /** Replaces the whole script with the server's copy, keeping the caret where it was if that element survives. */
  const replaceWith = useCallback(
    (latest: ScriptWithPermission) => {
      const active = document.activeElement as HTMLTextAreaElement | null;
      const activeField = active?.dataset.elementId;
      const caret = activeField ? active!.selectionStart : 0;
      store.set(withAtLeastOne(latest.elements));
      metadata.current = latest.metadata;
      setName(latest.name);
      saver.reset(latest.version, Date.parse(latest.updatedAt) || null);
      if (activeField && indexOfId(store.get(), activeField) >= 0) pendingFocus.current = { id: activeField, caret };
    },
    [store, saver],
  );

  const loadLatest = useCallback(
    async (opts: { force: boolean }) => {
      try {
        const latest = await fetchScript(script.id);
        if (latest.version <= saver.version && !opts.force) return;
        if (!opts.force && saver.isDirty()) return; // typed meanwhile: keep it (the notice path handles it)
        replaceWith(latest);
      } catch (err) {
        toast.error("Could not load the latest version", { description: (err as Error).message });
      }
    },
    [script.id, saver, replaceWith],
  );

  const onSaveFailure = (err: unknown) => {
    if (hasCode(err, "conflict")) {
      const mine = store.get();
      void fetchScript(script.id).then(
        (latest) => {
          replaceWith(latest);
          toast.warning(EDITOR_MESSAGES.conflictLoaded, {
            description: "Your unsaved edits were set aside. Restore them to save them over the new version.",
            duration: 20_000,
            action: {
              label: "Restore my version",
              onClick: () => {
                store.set(mine);
                saver.edited();
              },
            },
          });
        },
        () => toast.error(EDITOR_MESSAGES.saveFailed, { description: err.message }),
      );
      return;
    }
    toast.error(EDITOR_MESSAGES.saveFailed, {
      description: hasCode(err, "forbidden") ? err.message : "Your changes are kept here. Keep typing or press Save to try again.",
    });
  };

  const onRemote = useRef<(m: { version: number; lastEditedBy: string | null }) => void>(() => {});
  onRemote.current = (m) => {
    if (m.version <= saver.version) return;
    // spec 4: a remote update replaces the local elements when the last editor is not the current user.
    if (m.lastEditedBy === userId) return;
    if (!readOnly && saver.isDirty()) {
      if (warnedVersion.current >= m.version) return;
      warnedVersion.current = m.version;
      toast.warning(EDITOR_MESSAGES.newerVersion, {
        description: "Your unsaved changes are kept. Saving them will load the newer version first.",
        duration: 20_000,
        action: { label: "Load theirs", onClick: () => void loadLatest({ force: true }) },
      });
      return;
    }
    void loadLatest({ force: false });
  };

  useEffect(
    () =>
      openLiveChannel(projectId, clientId, {
        onMessage: (m) => {
          if (m.type === "script" && m.scriptId === script.id) onRemote.current(m);
        },
        onReconnect: () => {
          if (!saver.isDirty()) void loadLatest({ force: false });
        },
      }),
    [projectId, clientId, script.id, saver, loadLatest],
  );

  return { onSaveFailure };
}
