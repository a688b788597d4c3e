/**
 * The screenplay editor proper (spec 2 "Screenplay editor", 4, 9): top bar, scene navigator, the page, help bar.
 *
 * Elements live in a small store (editorState.ts) so key handlers always see the current list; each element is
 * a memoised row, so typing re-renders only the edited one. Keys are in useEditorKeyboard.ts, staying in step
 * with the server (remote saves, 409s) in useRemoteScript.ts, Save/Exit in useSaveAndExit.ts.
 *
 * Saving: autosave 1 s after the last keystroke, PUT with the version the edits were made on (saver.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { canEdit } from "../../../domain/permissions";
import type { ElementType } from "../../../domain/screenplay/elements";
import {
  createElementStore,
  indexOfId,
  retypeElement,
  sceneIdAt,
  sceneList,
  withAtLeastOne,
  wordCount,
  type EditResult,
  type SceneEntry,
} from "./editorState";
import { useScriptPlace } from "../../presence/useScriptPlace";
import { EditorTopBar } from "./EditorTopBar";
import { CHUNK_SIZE, RowChunk, type RowActions } from "./ElementRow";
import { SCREENPLAY_FONT } from "./font";
import { HelpBar } from "./HelpBar";
import { LeaveWithoutSavingDialog } from "./LeaveDialog";
import { pageMap, type PageMap } from "./pages";
import { Saver } from "./saver";
import { saveScript, type ScriptWithPermission } from "./scriptApi";
import { SceneNavigator } from "./SceneNavigator";
import { suggestionFor } from "./suggestion";
import { useEditorKeyboard, type Dismissed } from "./useEditorKeyboard";
import { useFieldFocus } from "./useFieldFocus";
import { useRemoteScript } from "./useRemoteScript";
import { useSaveAndExit } from "./useSaveAndExit";
import { useScriptCoverage } from "../breakdown/breakdownApi";
import { toast } from "../../ui";
import { openShotList } from "../../shotlists/openShotList";

/** Keeps the previous value while `same` says nothing changed, so memoised children skip renders. */
function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const ref = useRef(value);
  if (!same(ref.current, value)) ref.current = value;
  return ref.current;
}

const sameScenes = (a: readonly SceneEntry[], b: readonly SceneEntry[]) =>
  a.length === b.length && a.every((s, i) => s.id === b[i]!.id && s.number === b[i]!.number && s.heading === b[i]!.heading);

const chunkStarts = (count: number) => Array.from({ length: Math.ceil(count / CHUNK_SIZE) }, (_, i) => i * CHUNK_SIZE);

export interface WorkspaceProps {
  script: ScriptWithPermission;
  projectId: string;
  userId: string;
  onExit(): void;
}

export function Workspace({ script, projectId, userId, onExit }: WorkspaceProps) {
  const readOnly = !canEdit(script.permission);
  const [clientId] = useState(() => crypto.randomUUID());
  const [store] = useState(() => createElementStore(withAtLeastOne(script.elements)));
  const elements = useSyncExternalStore(store.subscribe, store.get);
  const [name, setName] = useState(script.name);
  const metadata = useRef(script.metadata);
  const [pages, setPages] = useState<PageMap | null>(null);
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<Dismissed>(null);
  const [navOpen, setNavOpen] = useState(true);

  // The saver's failure handler (useRemoteScript's, set each render): it always reaches the latest closures.
  const onSaveFailure = useRef<(err: unknown) => void>(() => {});
  const [saver] = useState(
    () =>
      new Saver(script.version, Date.parse(script.updatedAt) || null, {
        send: async (baseVersion) => {
          const current = [...store.get()];
          const meta = { ...metadata.current, wordCount: wordCount(current) };
          const pageCount = pagesRef.current?.pageCount;
          if (pageCount !== undefined) meta.pageCount = pageCount;
          const saved = await saveScript(script.id, { elements: current, metadata: meta, baseVersion }, clientId);
          metadata.current = saved.metadata;
          return saved.version;
        },
        onFailure: (err) => onSaveFailure.current(err),
      }),
  );

  const { fields, pendingFocus, focusField } = useFieldFocus(store, readOnly);

  // ── Edits ────────────────────────────────────────────────────────────────
  const apply = useCallback(
    (next: EditResult) => {
      const changed = next.elements !== store.get();
      // The caret is placed after React has written the new text (the layout effect), or at once when nothing changed.
      if (next.focus) {
        if (changed) pendingFocus.current = next.focus;
        else focusField(next.focus);
      }
      if (changed) {
        store.set(next.elements);
        saver.edited();
      }
    },
    [store, saver, focusField],
  );

  // ── Remote updates and save conflicts ───────────────────────────────────
  const remote = useRemoteScript({ script, projectId, userId, clientId, readOnly, store, saver, metadata, setName, pendingFocus });
  onSaveFailure.current = remote.onSaveFailure;

  // ── Pages (debounced: paginating a feature script takes tens of ms) ─────
  const paginated = useRef(false);
  useEffect(() => {
    const t = setTimeout(
      () => {
        paginated.current = true;
        setPages(pageMap(elements, metadata.current?.format));
      },
      paginated.current ? 600 : 0,
    );
    return () => clearTimeout(t);
  }, [elements]);

  // ── Save / exit ─────────────────────────────────────────────────────────
  const { save, exit, leave, exiting, confirmLeave, setConfirmLeave } = useSaveAndExit({ readOnly, saver, onExit });

  // ── Breakdown coverage: a marker on each line a shot covers; a click saves, then opens the shot ───
  const coverageQuery = useScriptCoverage(script.id);
  const coverage = useMemo(
    () => (coverageQuery.data ? new Map(Object.entries(coverageQuery.data.lines)) : undefined),
    [coverageQuery.data],
  );
  const coverageList = coverageQuery.data?.shotList?.id;
  const openShot = useRef<(shotId: string) => void>(() => {});
  openShot.current = (shotId) => {
    if (!coverageList) return;
    void save().then((saved) => {
      if (saved) openShotList(projectId, coverageList, shotId);
      else toast.error("Save your changes before opening the shot", { description: "The script could not be saved; it stays open." });
    });
  };

  // ── Keys ────────────────────────────────────────────────────────────────
  const keys = useEditorKeyboard({ store, readOnly, dismissed, setDismissed, focusField, apply });

  // Rows get one stable object whose methods call the latest handlers.
  const handlers = useRef(keys);
  handlers.current = keys;
  const actions = useMemo<RowActions>(
    () => ({
      register: (id, node) => {
        if (node) fields.current.set(id, node);
        else fields.current.delete(id);
      },
      change: (id, value) => handlers.current.change(id, value),
      keyDown: (id, e) => handlers.current.keyDown(id, e),
      paste: (id, e) => handlers.current.paste(id, e),
      focus: (id) => setActiveId(id),
      openShot: (shotId) => openShot.current(shotId),
    }),
    [],
  );

  // ── Derived views ───────────────────────────────────────────────────────
  const scenes = useStable(sceneList(elements), sameScenes);
  const sceneLabels = useMemo(() => new Map(scenes.map((s) => [s.id, s.number])), [scenes]);
  const currentScene = sceneIdAt(elements, activeId);
  const active = activeId ? elements[indexOfId(elements, activeId)] : undefined;
  const suggestion = useMemo(() => (readOnly ? null : suggestionFor(active, elements)), [readOnly, active, elements]);
  const ghost =
    suggestion && !(dismissed && active && dismissed.id === active.id && dismissed.content === active.content) ? suggestion.ghost : null;

  const selectScene = useCallback((id: string) => focusField({ id, caret: "end" }, { scroll: "center" }), [focusField]);
  const onTypeChange = useCallback(
    (type: ElementType) => {
      if (!activeId) return;
      const result = retypeElement(store.get(), activeId, type);
      apply({ elements: result.elements, focus: result.focus ?? { id: activeId, caret: "end" } });
    },
    [activeId, apply, store],
  );
  // Presence: where this tab is in the script, and a followed member's place.
  const scroller = useRef<HTMLElement>(null);
  useScriptPlace(scroller, script.id);

  const refocus = useCallback(() => {
    if (activeId) focusField({ id: activeId, caret: "end" });
  }, [activeId, focusField]);

  return (
    <>
      <EditorTopBar
        scriptId={script.id}
        projectId={projectId}
        name={name}
        readOnly={readOnly}
        currentHeadingId={currentScene}
        pageCount={pages?.pageCount ?? null}
        saver={saver}
        navOpen={navOpen}
        onToggleNav={() => setNavOpen((o) => !o)}
        exiting={exiting}
        onExit={() => void exit()}
        save={save}
      />

      <div className="flex min-h-0 flex-1">
        {navOpen && <SceneNavigator scenes={scenes} pageOf={pages?.pageOf ?? null} currentId={currentScene} onSelect={selectScene} />}
        <main ref={scroller} className="min-w-0 flex-1 overflow-auto scroll-py-24 bg-bg" data-testid="page-scroller">
          <div
            className="mx-auto my-8 min-h-[11in] w-[8.5in] rounded-sm bg-surface-2 py-[1in] shadow-xl ring-1 ring-border"
            style={{ fontFamily: `var(--font-screenplay, ${SCREENPLAY_FONT})`, fontSize: "12pt", lineHeight: "24px" }}
            data-testid="screenplay-page"
          >
            {chunkStarts(elements.length).map((start) => (
              <RowChunk
                key={start}
                elements={elements}
                start={start}
                activeId={activeId}
                ghost={ghost}
                readOnly={readOnly}
                sceneLabels={sceneLabels}
                pageStarts={pages?.pageStarts}
                coverage={coverage}
                actions={actions}
              />
            ))}
          </div>
        </main>
      </div>

      <HelpBar
        type={active?.type ?? null}
        empty={!active || active.content.trim() === ""}
        readOnly={readOnly}
        suggestion={ghost && suggestion ? suggestion.value : null}
        onTypeChange={onTypeChange}
        onMenuClosed={refocus}
      />

      <LeaveWithoutSavingDialog open={confirmLeave} onOpenChange={setConfirmLeave} onLeave={() => leave()} />
    </>
  );
}
