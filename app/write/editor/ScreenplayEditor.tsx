/**
 * The screenplay editor (spec: shell 2 "Screenplay editor", 4 "Screenplay save" to "Paste", 9). Full screen
 * over the app: top bar (exit, name, save status, save, export), scene navigator, the page, help bar.
 *
 * Elements live in a small store (editorState.ts) so key handlers always see the current list; each element is
 * a memoised row, so typing re-renders only the edited one. Element-type rules come from
 * domain/screenplay/flow.ts and paste.ts; pages from domain/screenplay/paginate.ts.
 *
 * Saving: autosave 1 s after the last keystroke, PUT with the version the edits were made on. Conflicts:
 *  - another member's save (realtime notice, lastEditedBy ≠ me, newer version) replaces the script when there
 *    are no unsaved local edits; with unsaved edits, the local text is kept and a toast offers to load theirs;
 *  - a save refused as stale (409) loads the latest version and offers to restore the local one (which then
 *    saves over it, on purpose). Nothing typed is thrown away without the writer being told.
 */
import { LeaveWithoutSavingDialog } from "./LeaveDialog";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type KeyboardEvent,
} from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Eye, FileX2, PanelLeftClose, PanelLeftOpen, Save, ShieldAlert } from "lucide-react";
import { ApiError } from "../../api/client";
import { openLiveChannel } from "../../canvas/sync/liveChannel";
import { MESSAGES } from "../../../domain/errors";
import { canEdit } from "../../../domain/permissions";
import type { ElementType, ScreenplayElement } from "../../../domain/screenplay/elements";
import {
  characterSuggestions,
  cutToInsertion,
  enterOutcome,
  isDoublePress,
  sceneHeadingSuggestion,
  typeAfterShiftTab,
  typeAfterTab,
  typeForShortcut,
  type KeyPress,
} from "../../../domain/screenplay/flow";
import { classifyPastedLines } from "../../../domain/screenplay/paste";
import { Button, IconButton, Kbd, Spinner, toast } from "../../ui";
import { caretOnFirstLine, caretOnLastLine } from "./caret";
import {
  caretOffset,
  createElementStore,
  indexOfId,
  insertAfter,
  insertBlankBefore,
  isBareParens,
  mergeNext,
  mergeWithPrevious,
  pasteElements,
  removeElement,
  retypeElement,
  sceneIdAt,
  sceneList,
  scriptToText,
  splitAt,
  updateContent,
  withAtLeastOne,
  wordCount,
  type EditResult,
  type Elements,
  type Focus,
  type SceneEntry,
} from "./editorState";
import { CHUNK_SIZE, RowChunk, type Ghost, type RowActions } from "./ElementRow";
import { ExportMenu } from "./ExportMenu";
import { loadScreenplayFont, SCREENPLAY_FONT } from "./font";
import { HelpBar } from "./HelpBar";
import { pageMap, type PageMap } from "./pages";
import { PlainEditor } from "./PlainEditor";
import { SaveStatusPanel } from "./SaveStatusPanel";
import { Saver } from "./saver";
import { fetchScript, saveScript, scriptQueryKey, type ScriptWithPermission } from "./scriptApi";
import { SceneNavigator } from "./SceneNavigator";

export interface ScreenplayEditorProps {
  scriptId: string;
  projectId: string;
  /** The signed-in user: saves by anyone else replace the local copy (spec 4). */
  userId: string;
  onExit(): void;
}

export const EDITOR_MESSAGES = {
  loading: "Loading Write Editor...",
  notFound: "Script not found",
  saveFailed: "Failed to save changes",
  newerVersion: "Another member saved a newer version of this script",
  conflictLoaded: "This script was changed by another member, so their latest version is now loaded",
  copied: "Script copied to the clipboard",
} as const;

/** Loads the script, then shows the screenplay editor, or the plain editor for notes and other text files. */
export function ScreenplayEditor({ scriptId, projectId, userId, onExit }: ScreenplayEditorProps) {
  const query = useQuery({
    queryKey: scriptQueryKey(scriptId),
    queryFn: () => fetchScript(scriptId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useEffect(loadScreenplayFont, []);

  let body;
  if (query.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status">
        <span className="flex items-center gap-3 text-sm text-text-muted">
          <Spinner size={18} label="Loading" />
          {EDITOR_MESSAGES.loading}
        </span>
      </div>
    );
  } else if (query.isError) {
    body = <LoadError error={query.error} onExit={onExit} />;
  } else if (query.data.fileType !== "screenplay") {
    body = <PlainEditor key={query.data.id} script={query.data} projectId={projectId} userId={userId} onExit={onExit} />;
  } else {
    body = <Workspace key={query.data.id} script={query.data} projectId={projectId} userId={userId} onExit={onExit} />;
  }
  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-bg text-text" data-testid="screenplay-editor">
      {body}
    </div>
  );
}

function LoadError({ error, onExit }: { error: Error; onExit(): void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const denied = status === 403;
  const Icon = denied ? ShieldAlert : FileX2;
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-border bg-surface p-8 text-center shadow-lg">
        <Icon className="size-9 text-danger" aria-hidden />
        {denied ? (
          <>
            <h1 className="text-xl font-semibold">Access Denied</h1>
            <p className="text-text">You don't have permission to view this file.</p>
            <p className="text-sm text-text-muted">Contact the project owner to request access.</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold">{status === 404 || status === 400 ? EDITOR_MESSAGES.notFound : "Could not open the script"}</h1>
            {status !== 404 && status !== 400 && <p className="text-sm text-text-muted">{error.message || MESSAGES.accessDeniedDefault}</p>}
          </>
        )}
        <Button variant="primary" onClick={onExit} className="mt-2">
          <ArrowLeft aria-hidden /> Back to scripts
        </Button>
      </div>
    </div>
  );
}

/** Keeps the previous value while `same` says nothing changed, so memoised children skip renders. */
function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const ref = useRef(value);
  if (!same(ref.current, value)) ref.current = value;
  return ref.current;
}

const sameScenes = (a: readonly SceneEntry[], b: readonly SceneEntry[]) =>
  a.length === b.length && a.every((s, i) => s.id === b[i]!.id && s.number === b[i]!.number && s.heading === b[i]!.heading);

const chunkStarts = (count: number) => Array.from({ length: Math.ceil(count / CHUNK_SIZE) }, (_, i) => i * CHUNK_SIZE);

const NEWLINES_ALLOWED: ReadonlySet<ElementType> = new Set(["action", "dialogue"]);

/** What completes the focused element: a scene heading (spec 4) or a character already in the script. */
function suggestionFor(el: ScreenplayElement | undefined, elements: Elements): { text: string; value: string; ghost: Ghost } | null {
  if (!el || el.content.trim() === "") return null;
  if (el.type === "slug") {
    const s = sceneHeadingSuggestion(el.content);
    if (!s) return null;
    const inline = s.text.toUpperCase().startsWith(el.content.toUpperCase());
    return { text: s.text, value: s.value, ghost: inline ? { kind: "inline", text: s.text.slice(el.content.length) } : { kind: "hint", text: s.value } };
  }
  if (el.type === "character") {
    const name = characterSuggestions(elements, el.content, { excludeId: el.id, limit: 1 })[0];
    if (!name) return null;
    const typed = el.content.trimStart();
    return { text: name, value: name, ghost: { kind: "inline", text: name.slice(typed.length) } };
  }
  return null;
}

const digitOf = (e: KeyboardEvent) => {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code) ?? /^(\d)$/.exec(e.key);
  return m ? Number(m[1]) : null;
};

interface WorkspaceProps {
  script: ScriptWithPermission;
  projectId: string;
  userId: string;
  onExit(): void;
}

function Workspace({ script, projectId, userId, onExit }: WorkspaceProps) {
  const queryClient = useQueryClient();
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
  const [dismissed, setDismissed] = useState<{ id: string; content: string } | null>(null);
  const [navOpen, setNavOpen] = useState(true);
  const [exiting, setExiting] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);

  const fields = useRef(new Map<string, HTMLTextAreaElement>());
  const pendingFocus = useRef<Focus | null>(null);
  const lastEnter = useRef<KeyPress | null>(null);
  const lastTab = useRef<KeyPress | null>(null);
  const warnedVersion = useRef(0);

  // Handlers the saver and the live channel call; they always reach the latest closures.
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

  // ── Focus ────────────────────────────────────────────────────────────────
  const focusField = useCallback((focus: Focus, opts: { scroll?: "center" } = {}) => {
    const ta = fields.current.get(focus.id);
    if (!ta) {
      pendingFocus.current = focus;
      return;
    }
    if (opts.scroll) ta.scrollIntoView?.({ block: opts.scroll });
    ta.focus({ preventScroll: !!opts.scroll });
    const at = caretOffset(focus, ta.value.length);
    ta.setSelectionRange(at, at);
  }, []);

  useLayoutEffect(() => {
    const focus = pendingFocus.current;
    if (!focus || !fields.current.has(focus.id)) return;
    pendingFocus.current = null;
    focusField(focus);
  });

  // Open on the first element, ready to type.
  useEffect(() => {
    const first = store.get()[0];
    if (first) focusField({ id: first.id, caret: readOnly ? 0 : "end" });
  }, [store, focusField, readOnly]);

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

  onSaveFailure.current = (err) => {
    if (err instanceof ApiError && err.status === 409) {
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
      description: err instanceof ApiError && err.status === 403 ? err.message : "Your changes are kept here. Keep typing or press Save to try again.",
    });
  };

  // ── Remote updates ──────────────────────────────────────────────────────
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

  // ── Pages (debounced: paginating a feature script takes tens of ms) ─────
  const paginated = useRef(false);
  useEffect(() => {
    const t = setTimeout(
      () => {
        paginated.current = true;
        setPages(pageMap(elements));
      },
      paginated.current ? 600 : 0,
    );
    return () => clearTimeout(t);
  }, [elements]);

  // ── Save / exit ─────────────────────────────────────────────────────────
  const save = useCallback(() => (readOnly ? Promise.resolve(true) : saver.saveNow()), [readOnly, saver]);

  const leave = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["scripts"] });
    onExit();
  }, [queryClient, onExit]);

  const exit = async () => {
    if (readOnly) return leave();
    setExiting(true);
    const ok = await saver.saveNow();
    setExiting(false);
    if (ok) leave();
    else setConfirmLeave(true);
  };

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void save();
      }
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saver.isDirty()) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onBeforeUnload);
      // Leaving some other way than Exit (project switch...): send what is pending.
      if (saver.isDirty()) void saver.saveNow();
    };
  }, [save, saver]);

  // ── Keys ────────────────────────────────────────────────────────────────
  const copyWholeScript = async (from: HTMLTextAreaElement) => {
    const text = scriptToText(store.get());
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const tmp = document.createElement("textarea");
      tmp.value = text;
      tmp.style.position = "fixed";
      tmp.style.opacity = "0";
      document.body.appendChild(tmp);
      tmp.select();
      document.execCommand?.("copy");
      tmp.remove();
      from.focus();
    }
    toast.success(EDITOR_MESSAGES.copied);
  };

  const keyDown = (id: string, e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const ta = e.currentTarget;
    const list = store.get();
    const i = indexOfId(list, id);
    const el = list[i];
    if (!el) return;
    const prev = list[i - 1];
    const next = list[i + 1];
    const mod = e.ctrlKey || e.metaKey;
    const plain = !mod && !e.altKey && !e.shiftKey;
    const collapsed = ta.selectionStart === ta.selectionEnd;
    const now = Date.now();

    // Moving between elements (also when read-only).
    if (plain && e.key === "ArrowUp" && prev && caretOnFirstLine(ta)) {
      e.preventDefault();
      return focusField({ id: prev.id, caret: "end" });
    }
    if (plain && e.key === "ArrowDown" && next && caretOnLastLine(ta)) {
      e.preventDefault();
      return focusField({ id: next.id, caret: 0 });
    }
    if (plain && e.key === "ArrowLeft" && prev && collapsed && ta.selectionStart === 0) {
      e.preventDefault();
      return focusField({ id: prev.id, caret: "end" });
    }
    if (plain && e.key === "ArrowRight" && next && collapsed && ta.selectionStart === ta.value.length) {
      e.preventDefault();
      return focusField({ id: next.id, caret: 0 });
    }
    // spec 4: Ctrl+C copies the whole script (when nothing is selected).
    if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "c" && collapsed) {
      e.preventDefault();
      void copyWholeScript(ta);
      return;
    }
    if (readOnly) return;

    const suggestion = suggestionFor(el, list);
    const showing = suggestion && !(dismissed && dismissed.id === id && dismissed.content === el.content) ? suggestion : null;

    if (e.key === "Escape" && showing) {
      e.preventDefault();
      setDismissed({ id, content: el.content });
      return;
    }

    if (e.key === "Enter" && mod && !e.altKey) {
      e.preventDefault();
      return apply(insertAfter(list, id, cutToInsertion()));
    }

    if (e.key === "Enter" && !mod && !e.altKey) {
      if (e.shiftKey) {
        if (!NEWLINES_ALLOWED.has(el.type)) e.preventDefault(); // a line break inside action or dialogue only
        return;
      }
      e.preventDefault();
      const empty = el.content.trim() === "";
      const doublePress = isDoublePress(lastEnter.current, id, now);
      lastEnter.current = { elementId: id, at: now };
      const outcome = enterOutcome(el.type, { doublePress, empty });
      const nextEmpty = next !== undefined && next.content.trim() === "";
      if (outcome.kind === "none") {
        // spec 4: Enter on an empty element does nothing, but moves on to an empty next element.
        if (nextEmpty) focusField({ id: next.id, caret: 0 });
        return;
      }
      if (outcome.kind === "convert") return apply(retypeElement(list, id, outcome.type));
      if (el.type === "parenthetical" && isBareParens(el.content)) return apply(retypeElement(list, id, outcome.type));
      let { selectionStart: start, selectionEnd: end } = ta;
      // In "(whispering|)" Enter steps over the closing bracket instead of moving it.
      if (el.type === "parenthetical" && collapsed && el.content.slice(end).trim() === ")") start = end = el.content.length;
      if (nextEmpty && collapsed && end >= el.content.length) {
        // An empty element already follows: use it rather than stacking empty elements.
        const reuse = retypeElement(list, next.id, outcome.type);
        return apply({ elements: reuse.elements, focus: reuse.focus ?? { id: next.id, caret: 0 } });
      }
      if (collapsed && start === 0) return apply(insertBlankBefore(list, id)); // Enter at the start opens a line above
      return apply(splitAt(list, id, start, end, outcome.type));
    }

    if (e.key === "Tab" && !mod && !e.altKey) {
      e.preventDefault();
      if (!e.shiftKey && showing) {
        lastTab.current = null;
        return apply({ elements: updateContent(list, id, showing.text), focus: { id, caret: "end" } });
      }
      if (e.shiftKey) {
        lastTab.current = null;
        return apply(retypeElement(list, id, typeAfterShiftTab(el.type)));
      }
      const doublePress = isDoublePress(lastTab.current, id, now);
      lastTab.current = doublePress ? null : { elementId: id, at: now };
      return apply(retypeElement(list, id, typeAfterTab(el.type, { doublePress })));
    }

    if (mod && !e.altKey && !e.shiftKey) {
      const digit = digitOf(e);
      const type = digit === null ? null : typeForShortcut(digit);
      if (type) {
        e.preventDefault();
        return apply(retypeElement(list, id, type));
      }
    }

    if (e.key === "Backspace" && !mod && !e.altKey && el.type === "parenthetical" && isBareParens(el.content)) {
      e.preventDefault();
      return apply({ elements: updateContent(list, id, ""), focus: { id, caret: 0 } });
    }
    if (e.key === "Backspace" && !mod && !e.altKey && collapsed && ta.selectionStart === 0) {
      if (el.content === "") {
        const result = removeElement(list, id);
        if (result) {
          e.preventDefault();
          apply(result);
        }
        return;
      }
      const merged = mergeWithPrevious(list, id);
      if (merged) {
        e.preventDefault();
        apply(merged);
      }
      return;
    }

    if (e.key === "Delete" && !mod && !e.altKey && collapsed && ta.selectionStart === ta.value.length) {
      const merged = mergeNext(list, id);
      if (merged) {
        e.preventDefault();
        apply(merged);
      }
    }
  };

  const paste = (id: string, e: ClipboardEvent<HTMLTextAreaElement>) => {
    if (readOnly) return;
    const text = e.clipboardData.getData("text/plain");
    if (!/[\r\n]/.test(text)) return; // one line: the browser inserts it
    e.preventDefault();
    const ta = e.currentTarget;
    const { selectionStart: start, selectionEnd: end } = ta;
    const list = store.get();
    const el = list[indexOfId(list, id)];
    if (!el) return;
    const pasted = classifyPastedLines(text);
    if (pasted.length === 0) return;
    if (pasted.length === 1) {
      // A single line (with a stray line break) goes into the element as plain text.
      const line = pasted[0]!.content;
      return apply({
        elements: updateContent(list, id, el.content.slice(0, start) + line + el.content.slice(end)),
        focus: { id, caret: start + line.length },
      });
    }
    apply(pasteElements(list, id, start, end, pasted));
  };

  const change = (id: string, value: string) => {
    const list = store.get();
    const el = list[indexOfId(list, id)];
    if (!el || readOnly) return;
    // Line breaks only inside action and dialogue (Enter makes new elements everywhere else).
    const content = NEWLINES_ALLOWED.has(el.type) ? value : value.replace(/[\r\n]+/g, " ");
    apply({ elements: updateContent(list, id, content) });
  };

  // Rows get one stable object whose methods call the latest handlers.
  const handlers = useRef({ keyDown, paste, change });
  handlers.current = { keyDown, paste, change };
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
    }),
    [],
  );

  // ── Derived views ───────────────────────────────────────────────────────
  const scenes = useStable(sceneList(elements), sameScenes);
  const sceneLabels = useMemo(() => new Map(scenes.map((s) => [s.id, s.number])), [scenes]);
  const currentScene = sceneIdAt(elements, activeId);
  const active = activeId ? elements[indexOfId(elements, activeId)] : undefined;
  const suggestion = useMemo(() => (readOnly ? null : suggestionFor(active, elements)), [readOnly, active, elements]);
  const ghost = suggestion && !(dismissed && active && dismissed.id === active.id && dismissed.content === active.content) ? suggestion.ghost : null;

  const selectScene = useCallback((id: string) => focusField({ id, caret: "end" }, { scroll: "center" }), [focusField]);
  const onTypeChange = useCallback(
    (type: ElementType) => {
      if (!activeId) return;
      const result = retypeElement(store.get(), activeId, type);
      apply({ elements: result.elements, focus: result.focus ?? { id: activeId, caret: "end" } });
    },
    [activeId, apply, store],
  );
  const refocus = useCallback(() => {
    if (activeId) focusField({ id: activeId, caret: "end" });
  }, [activeId, focusField]);

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Button size="sm" variant="ghost" onClick={() => void exit()} loading={exiting} aria-label="Exit">
          {!exiting && <ArrowLeft aria-hidden />}
          Exit
        </Button>
        <IconButton label={navOpen ? "Hide scenes" : "Show scenes"} size="sm" tooltipSide="bottom" onClick={() => setNavOpen((o) => !o)}>
          {navOpen ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
        </IconButton>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <h1 className="truncate text-sm font-semibold" title={name}>
            {name || "Untitled Script"}
          </h1>
          {readOnly && (
            <span className="flex shrink-0 items-center gap-1 rounded-full border border-border-strong px-2 py-0.5 text-2xs font-medium text-text-muted" data-testid="view-only">
              <Eye className="size-3" aria-hidden /> View only
            </span>
          )}
          {pages && pages.pageCount > 0 && <span className="shrink-0 text-2xs text-text-subtle">{pages.pageCount === 1 ? "1 page" : `${pages.pageCount} pages`}</span>}
        </div>
        {!readOnly && <SaveStatusPanel saver={saver} />}
        {!readOnly && (
          <Button size="sm" variant="secondary" onClick={() => void save()} aria-label="Save" title="Save (Ctrl/Cmd+S)">
            <Save aria-hidden /> Save
            <Kbd className="ml-0.5 hidden lg:inline-flex">{navigator.platform?.startsWith("Mac") ? "⌘S" : "Ctrl+S"}</Kbd>
          </Button>
        )}
        <ExportMenu scriptId={script.id} scriptName={name} beforeExport={save} />
      </header>

      <div className="flex min-h-0 flex-1">
        {navOpen && <SceneNavigator scenes={scenes} pageOf={pages?.pageOf ?? null} currentId={currentScene} onSelect={selectScene} />}
        <main className="min-w-0 flex-1 overflow-auto scroll-py-24 bg-bg" data-testid="page-scroller">
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
        onTypeChange={onTypeChange} onMenuClosed={refocus} />

      <LeaveWithoutSavingDialog open={confirmLeave} onOpenChange={setConfirmLeave} onLeave={() => leave()} />
    </>
  );
}
