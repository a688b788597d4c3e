import { ScriptPeers } from "../../presence/ScriptPeers";
import { ArrowLeft, Eye, PanelLeftClose, PanelLeftOpen, Save } from "lucide-react";
import { Button, IconButton, Kbd } from "../../ui";
import { BreakdownMenu } from "../breakdown/BreakdownMenu";
import { ExportMenu } from "./ExportMenu";
import { SaveStatusPanel } from "./SaveStatusPanel";
import type { Saver } from "./saver";

export interface EditorTopBarProps {
  scriptId: string;
  projectId: string;
  name: string;
  readOnly: boolean;
  /** The scene heading the caret is under (Break down ▾ This scene). */
  currentHeadingId: string | null;
  /** The printed page count, once paginated. */
  pageCount: number | null;
  saver: Saver;
  navOpen: boolean;
  onToggleNav(): void;
  exiting: boolean;
  onExit(): void;
  save(): Promise<boolean>;
}

/** The editor's top bar (spec 2): Exit, the scene list toggle, the name, save status, Save, Break down, Export. */
export function EditorTopBar({
  scriptId,
  projectId,
  name,
  readOnly,
  currentHeadingId,
  pageCount,
  saver,
  navOpen,
  onToggleNav,
  exiting,
  onExit,
  save,
}: EditorTopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
      <Button size="sm" variant="ghost" onClick={onExit} loading={exiting} aria-label="Exit">
        {!exiting && <ArrowLeft aria-hidden />}
        Exit
      </Button>
      <IconButton label={navOpen ? "Hide scenes" : "Show scenes"} size="sm" tooltipSide="bottom" onClick={onToggleNav}>
        {navOpen ? <PanelLeftClose aria-hidden /> : <PanelLeftOpen aria-hidden />}
      </IconButton>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h1 className="truncate text-sm font-semibold" title={name}>
          {name || "Untitled Script"}
        </h1>
        {readOnly && (
          <span
            className="flex shrink-0 items-center gap-1 rounded-full border border-border-strong px-2 py-0.5 text-2xs font-medium text-text-muted"
            data-testid="view-only"
          >
            <Eye className="size-3" aria-hidden /> View only
          </span>
        )}
        {pageCount !== null && pageCount > 0 && (
          <span className="shrink-0 text-2xs text-text-subtle">{pageCount === 1 ? "1 page" : `${pageCount} pages`}</span>
        )}
        <ScriptPeers scriptId={scriptId} className="min-w-0 shrink" />
      </div>
      {!readOnly && <SaveStatusPanel saver={saver} />}
      {!readOnly && (
        <Button size="sm" variant="secondary" onClick={() => void save()} aria-label="Save" title="Save (Ctrl/Cmd+S)">
          <Save aria-hidden /> Save
          <Kbd className="ml-0.5 hidden lg:inline-flex">{navigator.platform?.startsWith("Mac") ? "⌘S" : "Ctrl+S"}</Kbd>
        </Button>
      )}
      <BreakdownMenu
        scriptId={scriptId}
        scriptName={name}
        projectId={projectId}
        readOnly={readOnly}
        currentHeadingId={currentHeadingId}
        beforeRun={save}
      />
      <ExportMenu scriptId={scriptId} scriptName={name} beforeExport={save} />
    </header>
  );
}
