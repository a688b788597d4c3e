/**
 * The plain text editor for non-screenplay files (spec 2: notes, character, location and research files):
 * a file icon, a monospace textarea, the character count, Save (and Cmd/Ctrl+S) and an unsaved dot.
 * Saves `{content}` against the version it was loaded at; remote saves by others replace it when nothing is
 * unsaved, like the screenplay editor.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { LeaveWithoutSavingDialog } from "./LeaveDialog";
import { ArrowLeft, BookOpen, Eye, FileText, MapPin, Save, StickyNote, UserRound, type LucideIcon } from "lucide-react";
import { openLiveChannel } from "../../canvas/sync/liveChannel";
import { canEdit } from "../../../domain/permissions";
import type { ScriptFileType } from "../../../domain/scripts";
import { Button, Kbd, toast } from "../../ui";
import { fetchScript, saveScript, type ScriptWithPermission } from "./scriptApi";
import { hasCode } from "../../api/errorMessages";

const ICONS: Partial<Record<ScriptFileType, LucideIcon>> = { note: StickyNote, character: UserRound, location: MapPin, research: BookOpen };
const TYPE_NAMES: Partial<Record<ScriptFileType, string>> = {
  note: "Note",
  character: "Character",
  location: "Location",
  research: "Research",
};

export interface PlainEditorProps {
  script: ScriptWithPermission;
  projectId: string;
  userId: string;
  onExit(): void;
}

export function PlainEditor({ script, projectId, userId, onExit }: PlainEditorProps) {
  const readOnly = !canEdit(script.permission);
  const [clientId] = useState(() => crypto.randomUUID());
  const [content, setContent] = useState(script.content);
  const [saved, setSaved] = useState(script.content);
  const [saving, setSaving] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const version = useRef(script.version);
  const latest = useRef({ content, saved });
  latest.current = { content, saved };
  const dirty = content !== saved;
  const Icon = ICONS[script.fileType] ?? FileText;

  const load = useCallback(async () => {
    const fresh = await fetchScript(script.id);
    version.current = fresh.version;
    setContent(fresh.content);
    setSaved(fresh.content);
  }, [script.id]);

  const save = useCallback(async (): Promise<boolean> => {
    const { content: text, saved: stored } = latest.current;
    if (readOnly || text === stored) return true;
    setSaving(true);
    try {
      const result = await saveScript(script.id, { content: text, baseVersion: version.current }, clientId);
      version.current = result.version;
      setSaved(text);
      return true;
    } catch (err) {
      if (hasCode(err, "conflict")) {
        const mine = text;
        await load().catch(() => {});
        toast.warning("This file was changed by another member, so their latest version is now loaded", {
          duration: 20_000,
          action: { label: "Restore my version", onClick: () => setContent(mine) },
        });
      } else {
        toast.error("Failed to save changes", { description: (err as Error).message });
      }
      return false;
    } finally {
      setSaving(false);
    }
  }, [readOnly, script.id, clientId, load]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void save();
      }
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (latest.current.content !== latest.current.saved) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [save]);

  useEffect(
    () =>
      openLiveChannel(projectId, clientId, {
        onMessage: (m) => {
          if (m.type !== "script" || m.scriptId !== script.id || m.version <= version.current || m.lastEditedBy === userId) return;
          if (latest.current.content !== latest.current.saved) {
            toast.warning("Another member saved a newer version of this file", {
              duration: 20_000,
              action: { label: "Load theirs", onClick: () => void load() },
            });
            return;
          }
          void load().catch(() => {});
        },
        onReconnect: () => {
          if (latest.current.content === latest.current.saved) void load().catch(() => {});
        },
      }),
    [projectId, clientId, script.id, userId, load],
  );

  const exit = async () => {
    if (await save()) onExit();
    else setConfirmLeave(true);
  };

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Button size="sm" variant="ghost" onClick={() => void exit()} loading={saving && dirty} aria-label="Exit">
          <ArrowLeft aria-hidden /> Exit
        </Button>
        <Icon
          className="size-4 shrink-0 text-accent"
          aria-label={TYPE_NAMES[script.fileType] ?? "File"}
          role="img"
          data-testid="file-icon"
        />
        <h1 className="min-w-0 truncate text-sm font-semibold">{script.name || "Untitled"}</h1>
        {dirty && (
          <span className="size-2 shrink-0 rounded-full bg-accent" role="img" aria-label="Unsaved changes" data-testid="unsaved-dot" />
        )}
        {readOnly && (
          <span
            className="flex shrink-0 items-center gap-1 rounded-full border border-border-strong px-2 py-0.5 text-2xs font-medium text-text-muted"
            data-testid="view-only"
          >
            <Eye className="size-3" aria-hidden /> View only
          </span>
        )}
        <span className="flex-1" />
        <span className="text-xs tabular-nums text-text-muted" data-testid="char-count">
          {content.length.toLocaleString()} {content.length === 1 ? "character" : "characters"}
        </span>
        {!readOnly && (
          <Button
            size="sm"
            variant={dirty ? "primary" : "secondary"}
            onClick={() => void save()}
            loading={saving}
            disabled={!dirty}
            aria-label="Save"
          >
            {!saving && <Save aria-hidden />} Save
            <Kbd className="ml-0.5 hidden lg:inline-flex">{navigator.platform?.startsWith("Mac") ? "⌘S" : "Ctrl+S"}</Kbd>
          </Button>
        )}
      </header>
      <main className="flex min-h-0 flex-1 justify-center overflow-auto bg-bg p-6">
        <textarea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          readOnly={readOnly}
          aria-label={`${script.name || "File"} text`}
          autoFocus={!readOnly}
          spellCheck
          className="h-full min-h-[60vh] w-full max-w-3xl resize-none rounded-lg border border-border bg-surface-2 p-5 font-mono text-sm leading-6 text-text outline-none focus:border-border-strong"
          placeholder={readOnly ? "" : "Start writing…"}
        />
      </main>
      <LeaveWithoutSavingDialog open={confirmLeave} onOpenChange={setConfirmLeave} onLeave={() => onExit()} />
    </>
  );
}
