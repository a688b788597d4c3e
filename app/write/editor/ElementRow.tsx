import { memo, useCallback, type ClipboardEvent, type CSSProperties, type KeyboardEvent } from "react";
import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import { CHARS_PER_INCH, GEOMETRY } from "../../../domain/screenplay/layout";
import { cn } from "../../ui";
import type { CoveringShot } from "../../../domain/breakdown/api";
import { CoverageMarker } from "../breakdown/CoverageMarker";
import { TYPE_LABELS } from "./editorState";

/** spec 2 "Screenplay editor": 12 pt Courier on a 24 px line. */
export const LINE_PX = 24;

/** The completion shown after the text: the rest of it inline, or (when the suggestion rewrites what was typed) a hint. */
export interface Ghost {
  text: string;
  kind: "inline" | "hint";
}

/** Stable callbacks shared by every row (the editor keeps them in a ref, so rows never re-render for them). */
export interface RowActions {
  register(id: string, node: HTMLTextAreaElement | null): void;
  change(id: string, value: string): void;
  keyDown(id: string, event: KeyboardEvent<HTMLTextAreaElement>): void;
  paste(id: string, event: ClipboardEvent<HTMLTextAreaElement>): void;
  focus(id: string): void;
  /** Opens the shot list at a shot covering a line (the coverage marker). */
  openShot(shotId: string): void;
}

export interface ElementRowProps {
  element: ScreenplayElement;
  /** The first element gets no blank line above it. */
  first: boolean;
  active: boolean;
  ghost: Ghost | null;
  readOnly: boolean;
  /** On scene headings: the scene number printed in the left margin. */
  sceneLabel: string | undefined;
  /** When this element opens a printed page: that page's number (a page-break mark is drawn above it). */
  pageStart: number | undefined;
  /** The shots of the script's breakdown that cover this line: a marker in the right margin. */
  covering: readonly CoveringShot[] | undefined;
  actions: RowActions;
}

/**
 * Where an element sits on the 8.5 in page, in inches from the page's left edge (domain/screenplay/layout.ts,
 * the US standard): headings/action/shots 1.5 in, 6 in wide; character 3.7 in; parenthetical 3.1–5.6 in;
 * dialogue 2.5 in, 3.5 in wide; transitions flush right at 7.5 in. The right margin is therefore 1 in.
 */
export function elementBox(el: Pick<ScreenplayElement, "type" | "centered">): CSSProperties {
  const g = GEOMETRY[el.type];
  const width = g.width / CHARS_PER_INCH;
  return {
    marginLeft: `${g.x}in`,
    width: `${width}in`,
    textAlign: g.align === "right" ? "right" : el.centered ? "center" : undefined,
    textTransform: g.uppercase ? "uppercase" : undefined,
  };
}

const TEXT =
  "m-0 block w-full whitespace-pre-wrap break-words border-0 p-0 [font:inherit] [letter-spacing:inherit] [text-align:inherit] [text-transform:inherit]";

/**
 * One screenplay element: an auto-growing textarea. The textarea sits over a copy of its text in the same
 * grid cell; the copy sets the height (no measuring while typing) and carries the ghost completion.
 * Memoised: typing re-renders only the edited row.
 */
export const ElementRow = memo(function ElementRow({
  element,
  first,
  active,
  ghost,
  readOnly,
  sceneLabel,
  pageStart,
  covering,
  actions,
}: ElementRowProps) {
  const { id, type, content } = element;
  const register = useCallback((node: HTMLTextAreaElement | null) => actions.register(id, node), [actions, id]);
  // blank lines kept from an .fdx (Backspace at the start removes one), each with action's space before
  const blanks = (element.blankLinesBefore ?? 0) * (GEOMETRY.action.spaceBefore + 1);
  const spaceBefore = first ? 0 : GEOMETRY[type].spaceBefore + blanks;
  return (
    <div data-element-row={id} className="relative" style={{ paddingTop: spaceBefore * LINE_PX }}>
      {pageStart !== undefined && (
        <div
          aria-hidden="true"
          data-testid="page-break"
          className="pointer-events-none absolute inset-x-0 flex items-center gap-2 px-[0.4in] font-sans text-2xs text-text-subtle"
          style={{ top: spaceBefore ? (spaceBefore * LINE_PX) / 2 - 8 : -8 }}
        >
          <span className="h-px flex-1 border-t border-dashed border-border-strong" />
          <span>{pageStart}.</span>
        </div>
      )}
      {sceneLabel !== undefined && (
        <span
          aria-hidden="true"
          className="absolute left-[0.6in] w-[0.6in] text-right text-text-subtle"
          style={{ top: spaceBefore * LINE_PX }}
        >
          {sceneLabel}
        </span>
      )}
      {covering && covering.length > 0 && <CoverageMarker shots={covering} top={spaceBefore * LINE_PX} onOpen={actions.openShot} />}
      <div className="relative grid" style={elementBox(element)}>
        {active && !readOnly && <span aria-hidden="true" className="absolute inset-y-[3px] -left-3.5 w-0.5 rounded-full bg-accent/60" />}
        <div aria-hidden="true" className={cn(TEXT, "pointer-events-none col-start-1 row-start-1 select-none text-transparent")}>
          {content}
          {ghost?.kind === "inline" && (
            <span data-testid="suggestion" className="text-text-subtle">
              {ghost.text}
            </span>
          )}
          {ghost?.kind === "hint" && (
            <span data-testid="suggestion" className="ml-2 rounded-sm border border-border-strong px-1 font-sans text-2xs text-text-subtle">
              Tab: {ghost.text}
            </span>
          )}
          {/* keeps the last (possibly empty) line's height */}
          {"\u200b"}
        </div>
        <textarea
          ref={register}
          rows={1}
          value={content}
          readOnly={readOnly}
          spellCheck={type === "action" || type === "dialogue" || type === "parenthetical"}
          data-element-type={type}
          data-element-id={id}
          aria-label={TYPE_LABELS[type]}
          className={cn(
            TEXT,
            "col-start-1 row-start-1 h-full resize-none overflow-hidden bg-transparent text-text caret-accent outline-none",
          )}
          onChange={(e) => actions.change(id, e.target.value)}
          onKeyDown={(e) => actions.keyDown(id, e)}
          onPaste={(e) => actions.paste(id, e)}
          onFocus={() => actions.focus(id)}
        />
      </div>
    </div>
  );
});

/** Rows per chunk: each chunk skips layout and paint while off screen (content-visibility), ~75 chunks for a feature. */
export const CHUNK_SIZE = 40;

export interface RowChunkProps {
  elements: readonly ScreenplayElement[];
  start: number;
  activeId: string | null;
  ghost: Ghost | null;
  readOnly: boolean;
  sceneLabels: ReadonlyMap<string, string>;
  pageStarts: ReadonlyMap<string, number> | undefined;
  coverage: ReadonlyMap<string, readonly CoveringShot[]> | undefined;
  actions: RowActions;
}

/** Height guess for a chunk never rendered yet (the browser remembers the real one after). */
function estimateHeight(elements: readonly ScreenplayElement[], start: number, end: number): number {
  let lines = 0;
  for (let i = start; i < end; i++) {
    const el = elements[i]!;
    const g = GEOMETRY[el.type];
    lines += (i === 0 ? 0 : g.spaceBefore) + Math.max(1, Math.ceil(el.content.length / g.width));
  }
  return lines * LINE_PX;
}

/**
 * A run of CHUNK_SIZE rows. Off-screen chunks are neither laid out nor painted, which keeps typing fast in a
 * 120-page script (per-row content-visibility would cost an intersection check per row on every frame).
 * Re-renders only when one of its own rows (or what they show) changed.
 */
export const RowChunk = memo(
  function RowChunk({ elements, start, activeId, ghost, readOnly, sceneLabels, pageStarts, coverage, actions }: RowChunkProps) {
    const end = Math.min(elements.length, start + CHUNK_SIZE);
    const rows = [];
    for (let i = start; i < end; i++) {
      const el = elements[i]!;
      const active = el.id === activeId;
      rows.push(
        <ElementRow
          key={el.id}
          element={el}
          first={i === 0}
          active={active}
          ghost={active ? ghost : null}
          readOnly={readOnly}
          sceneLabel={sceneLabels.get(el.id)}
          pageStart={pageStarts?.get(el.id)}
          covering={coverage?.get(el.id)}
          actions={actions}
        />,
      );
    }
    return (
      <div
        data-chunk={start}
        className="[content-visibility:auto]"
        style={{ containIntrinsicSize: `auto ${estimateHeight(elements, start, end)}px` }}
      >
        {rows}
      </div>
    );
  },
  (a, b) => {
    if (a.start !== b.start || a.readOnly !== b.readOnly || a.actions !== b.actions) return false;
    const end = Math.min(Math.max(a.elements.length, b.elements.length), a.start + CHUNK_SIZE);
    for (let i = a.start; i < end; i++) {
      const x = a.elements[i];
      const y = b.elements[i];
      if (x !== y) return false;
      if (!y) continue;
      if ((a.activeId === y.id) !== (b.activeId === y.id)) return false;
      if (b.activeId === y.id && a.ghost !== b.ghost) return false;
      if (a.sceneLabels !== b.sceneLabels && a.sceneLabels.get(y.id) !== b.sceneLabels.get(y.id)) return false;
      if (a.pageStarts !== b.pageStarts && a.pageStarts?.get(y.id) !== b.pageStarts?.get(y.id)) return false;
      if (a.coverage !== b.coverage && a.coverage?.get(y.id) !== b.coverage?.get(y.id)) return false;
    }
    return true;
  },
);
