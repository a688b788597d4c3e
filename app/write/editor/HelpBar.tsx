import { memo } from "react";
import { ChevronUp } from "lucide-react";
import { ELEMENT_TYPES, type ElementType } from "../../../domain/screenplay/elements";
import { Kbd, Menu, MenuContent, MenuRadioGroup, MenuRadioItem, MenuTrigger } from "../../ui";
import { keyHints, TYPE_LABELS } from "./editorState";

export interface HelpBarProps {
  /** The focused element's type (null before anything is focused). */
  type: ElementType | null;
  /** Whether the focused element is empty (Enter behaves differently on an empty element). */
  empty: boolean;
  readOnly: boolean;
  /** A completion Tab would accept now (shown instead of Tab's type change). */
  suggestion: string | null;
  /** Picks a type for the focused element from the menu. */
  onTypeChange(type: ElementType): void;
  /** Where focus goes back to after the menu closes. */
  onMenuClosed(): void;
}

const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";

function Hint({
  id,
  keys,
  twice = false,
  to,
  label,
}: {
  id: string;
  keys: string[];
  twice?: boolean;
  to: ElementType | null;
  label?: string;
}) {
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap" data-testid={`hint-${id}`}>
      <span className="flex items-center gap-0.5 text-text-subtle">
        {keys.map((k) => (
          <Kbd key={k}>{k}</Kbd>
        ))}
        {twice && <span className="text-2xs">×2</span>}
      </span>
      <span className={to || label ? "text-text-muted" : "text-text-subtle"}>{label ?? (to ? TYPE_LABELS[to] : "—")}</span>
    </span>
  );
}

/** spec 2: the current element type and what Tab, Enter, Shift+Tab, Tab×2 and Enter×2 would make of it. */
export const HelpBar = memo(function HelpBar({ type, empty, readOnly, suggestion, onTypeChange, onMenuClosed }: HelpBarProps) {
  const hints = type ? keyHints(type, empty) : null;
  return (
    <footer className="flex h-10 shrink-0 items-center gap-5 border-t border-border bg-surface px-4 text-xs" data-testid="help-bar">
      {type && !readOnly ? (
        <Menu>
          <MenuTrigger asChild>
            <button
              type="button"
              className="flex h-7 items-center gap-1.5 rounded-md border border-border bg-surface-2 px-2.5 font-medium text-text hover:border-border-strong"
              aria-label={`Element type: ${TYPE_LABELS[type]}`}
              data-testid="current-type"
            >
              {TYPE_LABELS[type]}
              <ChevronUp className="size-3.5 text-text-muted" aria-hidden />
            </button>
          </MenuTrigger>
          <MenuContent
            side="top"
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              onMenuClosed();
            }}
          >
            <MenuRadioGroup value={type} onValueChange={(v) => onTypeChange(v as ElementType)}>
              {ELEMENT_TYPES.map((t, i) => (
                <MenuRadioItem key={t} value={t}>
                  <span className="flex-1">{TYPE_LABELS[t]}</span>
                  <span className="ml-4 text-2xs text-text-subtle">
                    {MOD}+{i + 1}
                  </span>
                </MenuRadioItem>
              ))}
            </MenuRadioGroup>
          </MenuContent>
        </Menu>
      ) : (
        <span className="font-medium text-text" data-testid="current-type">
          {type ? TYPE_LABELS[type] : "—"}
        </span>
      )}
      {hints && !readOnly && (
        <div className="flex min-w-0 items-center gap-4 overflow-hidden">
          <Hint id="tab" keys={["Tab"]} to={hints.tab} label={suggestion ? `Accept “${suggestion}”` : undefined} />
          <Hint id="enter" keys={["Enter"]} to={hints.enter} />
          <Hint id="shift-tab" keys={["Shift", "Tab"]} to={hints.shiftTab} />
          <Hint id="tab-twice" keys={["Tab"]} twice to={hints.tabTwice} />
          <Hint id="enter-twice" keys={["Enter"]} twice to={hints.enterTwice} />
        </div>
      )}
      {readOnly && <span className="text-text-muted">You can read this script but not change it.</span>}
    </footer>
  );
});
