import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { useReactFlow } from "@xyflow/react";
import { DEFAULT_ZOOM } from "../../domain/canvas/zoom";
import { findNodesByTitle } from "../../domain/canvas/nodeSearch";
import { Dialog, Input, cn } from "../ui";
import { useCanvasContext, useSession, useSessionActions } from "./store/useCanvas";
import { withLayout } from "./nodes/nodeLayout";
import type { StudioNode } from "./store/canvasStore";

/**
 * Find a node by its title (Ctrl+F): type, pick a match with the arrows and Enter or a click, and
 * the view centres on it and selects it. Reads the node list only while open, once per keystroke, instead
 * of subscribing to it.
 */
export function NodeSearch() {
  const open = useSession((s) => s.searching);
  const session = useSessionActions();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => session.setSearching(o)}
      title="Find a node"
      description="Type part of a node's title."
      className="max-w-md"
    >
      {open && <NodeSearchBox onDone={() => session.setSearching(false)} />}
    </Dialog>
  );
}

function NodeSearchBox({ onDone }: { onDone(): void }) {
  const { store, sessionActions } = useCanvasContext();
  const rf = useReactFlow<StudioNode>();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(
    () =>
      findNodesByTitle(
        store.getState().nodes.map((n) => ({ id: n.id, title: n.data.title || "Untitled" })),
        query,
      ),
    [store, query],
  );

  const go = (id: string) => {
    const node = store.getState().nodes.find((n) => n.id === id);
    if (!node) return;
    const box = withLayout(node);
    const width = node.measured?.width ?? box.initialWidth ?? 0;
    const height = node.measured?.height ?? box.initialHeight ?? 0;
    // Close enough to read the full card (not the zoomed-out light one), never further in than 100 %.
    const zoom = Math.min(1, Math.max(DEFAULT_ZOOM, rf.getZoom()));
    void rf.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom, duration: 300 });
    sessionActions.select(id);
    onDone();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (matches.length) setActive((i) => (i + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const pick = matches[active];
      if (pick) go(pick.id);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="flex flex-col gap-2">
      <Input
        autoFocus
        role="combobox"
        aria-label="Node title"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={matches.length ? optionId(active) : undefined}
        placeholder="e.g. Shot 12"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Matching nodes" className="flex max-h-72 flex-col overflow-y-auto">
        {matches.map((m, i) => (
          <li
            key={m.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={cn("cursor-pointer truncate rounded-md px-3 py-2 text-sm text-text-muted", i === active && "bg-surface-3 text-text")}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(m.id)}
          >
            {m.title}
          </li>
        ))}
      </ul>
      {query.trim() && matches.length === 0 && <p className="px-1 text-sm text-text-subtle">No node has that in its title.</p>}
    </div>
  );
}
