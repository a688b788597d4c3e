/**
 * The others on the canvas: their cursors with their names, an outline in their colour on the
 * nodes they have selected, and, for the member this tab follows, their view. This tab's own viewport and
 * selection are reported the same way. Rendered inside React Flow; node components never read presence
 * (the outlines are one stylesheet keyed by the nodes' `data-id`).
 */
import { memo, useEffect, useMemo, useState } from "react";
import { useOnViewportChange, useReactFlow, useStore, ViewportPortal } from "@xyflow/react";
import { CURSOR_IDLE_MS, MAX_PRESENCE_SELECTION } from "../../../domain/presence/presence";
import { reportCursor, reportPresence } from "../../presence/presenceChannel";
import { useFollowed, usePresence } from "../../presence/presenceStore";
import { useCanvas } from "../store/useCanvas";
import { selectedNodes, type StudioNode } from "../store/canvasStore";

export const CanvasPresence = memo(function CanvasPresence() {
  useReportCanvasPresence();
  useFollowViewport();
  return (
    <>
      <PeerSelections />
      <PeerCursors />
    </>
  );
});

function useReportCanvasPresence() {
  const rf = useReactFlow();
  useEffect(() => {
    reportPresence({ viewport: rf.getViewport() });
    return () => {
      reportPresence({ viewport: null, selection: [] });
      reportCursor(null);
    };
  }, [rf]);
  useOnViewportChange({ onChange: (viewport) => reportPresence({ viewport }) });
  // From the canvas store, as one string: React Flow's useOnSelectionChange walks every node and edge on each
  // of its store updates (every pan and zoom frame), which at 2,000 nodes cost more than the frame itself.
  const selection = useCanvas(selectedIdsKey);
  useEffect(() => reportPresence({ selection: selection ? selection.split("\n") : [] }), [selection]);
}

/** The first MAX_PRESENCE_SELECTION selected node ids, one per line ("" for none). */
const selectedIdsKey = (s: { nodes: readonly StudioNode[] }): string =>
  selectedNodes(s.nodes)
    .slice(0, MAX_PRESENCE_SELECTION)
    .map((n) => n.id)
    .join("\n");

/** While following someone on the canvas, this view goes where theirs goes. */
function useFollowViewport() {
  const rf = useReactFlow();
  const followed = useFollowed();
  const viewport = followed?.mode === "canvas" ? followed.viewport : null;
  useEffect(() => {
    if (viewport) void rf.setViewport(viewport, { duration: 180 });
  }, [rf, viewport]);
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const PeerSelections = memo(function PeerSelections() {
  const peers = usePresence((s) => s.peers);
  const css = useMemo(() => {
    const rules: string[] = [];
    for (const peer of Object.values(peers)) {
      if (peer.mode !== "canvas") continue;
      // Ids and colours come from other people's tabs: escaped, so they can only ever name a node.
      if (!HEX_COLOR.test(peer.color)) continue;
      for (const id of peer.selection)
        rules.push(`.react-flow__node[data-id="${CSS.escape(id)}"]{outline:2px solid ${peer.color};outline-offset:3px;border-radius:12px}`);
    }
    return rules.join("\n");
  }, [peers]);
  return css ? <style data-testid="peer-selections">{css}</style> : null;
});

const PeerCursors = memo(function PeerCursors() {
  const cursors = usePresence((s) => s.cursors);
  const peers = usePresence((s) => s.peers);
  // A cursor that stopped moving goes after CURSOR_IDLE_MS: one timer for the next cursor to go, none when
  // there is none (not a re-render every second).
  const [now, setNow] = useState(() => performance.now());
  const nextIdle = useMemo(() => {
    let next = Infinity;
    for (const cursor of Object.values(cursors)) {
      const idleAt = cursor.at + CURSOR_IDLE_MS;
      if (idleAt > now && idleAt < next) next = idleAt;
    }
    return next;
  }, [cursors, now]);
  useEffect(() => {
    if (!Number.isFinite(nextIdle)) return;
    const timer = setTimeout(() => setNow(performance.now()), Math.max(0, nextIdle - performance.now()) + 1);
    return () => clearTimeout(timer);
  }, [nextIdle]);
  const zoom = useStore((s) => s.transform[2]);
  return (
    <ViewportPortal>
      {Object.entries(cursors).map(([id, cursor]) => {
        const peer = peers[id];
        if (!peer || peer.mode !== "canvas" || now - cursor.at > CURSOR_IDLE_MS) return null;
        return (
          <div
            key={id}
            data-testid="peer-cursor"
            data-user-name={peer.name}
            className="pointer-events-none absolute left-0 top-0 z-[1000] transition-transform duration-75 ease-linear"
            // Drawn at the same size whatever the zoom.
            style={{ transform: `translate(${cursor.x}px, ${cursor.y}px) scale(${1 / zoom})`, transformOrigin: "0 0" }}
          >
            <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden>
              <path d="M1 1l6.5 15 2.2-6.3L16 7.5z" fill={peer.color} stroke="#0b0c10" strokeWidth="1.2" strokeLinejoin="round" />
            </svg>
            <span
              className="ml-3 inline-block whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-medium text-bg shadow"
              style={{ backgroundColor: peer.color }}
            >
              {peer.name}
            </span>
          </div>
        );
      })}
    </ViewportPortal>
  );
});
