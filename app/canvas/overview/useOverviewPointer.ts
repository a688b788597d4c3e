import { useEffect, type RefObject } from "react";
import { useReactFlow, useStoreApi } from "@xyflow/react";
import { DEFAULT_ZOOM } from "../../../domain/canvas/zoom";
import type { StudioEdge, StudioNode } from "../store/canvasStore";
import { useCanvasContext } from "../store/useCanvas";
import { hitTest, nodesInside, toFlow, type OverviewNode } from "./overviewScene";

/** How far (screen px) a press may move before it is a drag that pans the view. */
const DRAG_PX = 3;

/**
 * The pointer on the zoomed-out overview, where the cards are drawn, not elements: the pane under the
 * overview still gets every event, and this hears them first (window, capture phase, before React Flow).
 * - A left press on a drawn card selects it (Shift/Ctrl/⌘ adds or removes it) through the session's
 *   selection, and the press goes no further: a drag from a card pans the view (cards are not moved at this
 *   zoom; zoom in past the threshold to move them).
 * - A double-click on a card zooms to it (to the default zoom, where it is a full card) and selects it.
 * - React Flow's selection box selects the drawn cards wholly inside it (its own test skips hidden nodes).
 * Elsewhere on the pane, and in the hand tool, React Flow does as it always does.
 */
export function useOverviewPointer(scene: RefObject<{ nodes: OverviewNode[] }>) {
  const rfStore = useStoreApi<StudioNode, StudioEdge>();
  const rf = useReactFlow<StudioNode, StudioEdge>();
  const { session, sessionActions, store } = useCanvasContext();

  useEffect(() => {
    /** The card under a pointer event on this canvas's pane, or null. */
    const cardAt = (e: MouseEvent): OverviewNode | null => {
      const { domNode, transform } = rfStore.getState();
      const target = e.target as Element | null;
      if (!domNode || !target?.classList?.contains("react-flow__pane") || !domNode.contains(target)) return null;
      const box = domNode.getBoundingClientRect();
      return hitTest(scene.current.nodes, toFlow(transform, { x: e.clientX - box.left, y: e.clientY - box.top }));
    };
    const handTool = () => session.getState().tool === "hand" || session.getState().spaceHeld;

    const onPointerDown = (e: PointerEvent) => {
      if (e.button !== 0 || !e.isPrimary || handTool()) return;
      const card = cardAt(e);
      if (!card) return;
      e.stopPropagation();
      if (e.shiftKey || e.ctrlKey || e.metaKey) {
        const selected = new Set(store.getState().nodes.flatMap((n) => (n.selected ? [n.id] : [])));
        if (selected.has(card.id)) selected.delete(card.id);
        else selected.add(card.id);
        sessionActions.selectOnly(selected);
      } else {
        sessionActions.select(card.id);
      }
      const start = { x: e.clientX, y: e.clientY, view: rf.getViewport(), panning: false };
      const onMove = (m: PointerEvent) => {
        const dx = m.clientX - start.x;
        const dy = m.clientY - start.y;
        if (!start.panning && Math.hypot(dx, dy) < DRAG_PX) return;
        start.panning = true;
        void rf.setViewport({ x: start.view.x + dx, y: start.view.y + dy, zoom: start.view.zoom });
      };
      const onUp = () => {
        window.removeEventListener("pointermove", onMove, true);
        window.removeEventListener("pointerup", onUp, true);
        window.removeEventListener("pointercancel", onUp, true);
      };
      window.addEventListener("pointermove", onMove, true);
      window.addEventListener("pointerup", onUp, true);
      window.addEventListener("pointercancel", onUp, true);
    };

    const onDoubleClick = (e: MouseEvent) => {
      const card = cardAt(e);
      if (!card) return;
      e.stopPropagation(); // not the pane's double-click, which makes a node
      sessionActions.select(card.id);
      void rf.setCenter(card.x + card.width / 2, card.y + card.height / 2, { zoom: DEFAULT_ZOOM, duration: 300 });
    };

    // React Flow's selection box, in pane pixels while it is dragged: select the drawn cards inside it.
    let boxed = "";
    const unsubscribe = rfStore.subscribe((s, prev) => {
      const r = s.userSelectionRect;
      if (!r) boxed = "";
      if (!r || r === prev.userSelectionRect || !s.userSelectionActive) return;
      const a = toFlow(s.transform, { x: r.x, y: r.y });
      const b = toFlow(s.transform, { x: r.x + r.width, y: r.y + r.height });
      const inside = nodesInside(scene.current.nodes, { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y });
      const key = [...inside].join(",");
      if (key === boxed) return; // the box grew over no new card: no store change
      boxed = key;
      sessionActions.selectOnly(inside);
    });

    window.addEventListener("pointerdown", onPointerDown, true);
    window.addEventListener("dblclick", onDoubleClick, true);
    return () => {
      unsubscribe();
      window.removeEventListener("pointerdown", onPointerDown, true);
      window.removeEventListener("dblclick", onDoubleClick, true);
    };
  }, [rfStore, rf, scene, session, sessionActions, store]);
}
