import { useCallback, useRef, useState, type DragEvent, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { findShot, moveShot, stepPlace, type ShotPlace } from "../../../domain/shotlists/edits";
import type { Scene } from "../../../domain/shotlists/schema";

/** The drag payload type, so drops of files or text from elsewhere are ignored. */
const SHOT_MIME = "application/x-reelgraph-shot";

/** Where the moved shot ended up, for the live announcement: "Moved to Shot 4 in The Pier". */
function placement(scenes: readonly Scene[], shotId: string): string {
  const found = findShot(scenes, shotId);
  return found ? `Moved to Shot ${found.shot.shotNumber} in ${found.scene.title || `Scene ${found.sceneIndex + 1}`}` : "";
}

/**
 * Reordering shots within and across scenes (spec: shell 3 "renumbered after ... reorder"): native drag and
 * drop with the mouse, Alt+ArrowUp / Alt+ArrowDown from the keyboard. Each move is announced in a live region.
 */
export function useShotReorder(editScenes: (edit: (s: Scene[]) => Scene[]) => void, enabled: boolean) {
  const dragged = useRef<string | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const [over, setOver] = useState<ShotPlace | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const move = useCallback(
    (shotId: string, to: ShotPlace | ((scenes: Scene[]) => { from: ShotPlace; to: ShotPlace } | null)) => {
      editScenes((scenes) => {
        const found = findShot(scenes, shotId);
        if (!found) return scenes;
        const step = typeof to === "function" ? to(scenes) : { from: { sceneId: found.scene.id, index: found.index }, to };
        if (!step) return scenes;
        const next = moveShot(scenes, step.from, step.to);
        setAnnouncement(placement(next, shotId));
        return next;
      });
    },
    [editScenes],
  );

  const isShotDrag = (e: DragEvent) => enabled && dragged.current !== null && e.dataTransfer.types.includes(SHOT_MIME);

  const handleProps = (shotId: string, card: () => HTMLElement | null) => ({
    draggable: enabled,
    onDragStart: (e: DragEvent) => {
      dragged.current = shotId;
      setDraggingId(shotId);
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData(SHOT_MIME, shotId);
      const el = card();
      if (el) e.dataTransfer.setDragImage(el, 24, 24);
    },
    onDragEnd: () => {
      dragged.current = null;
      setDraggingId(null);
      setOver(null);
    },
  });

  /** A shot card as a drop target: the dragged shot takes its place. */
  const cardDropProps = (sceneId: string, index: number) => ({
    onDragOver: (e: DragEvent) => {
      if (!isShotDrag(e)) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = "move";
      if (over?.sceneId !== sceneId || over.index !== index) setOver({ sceneId, index });
    },
    onDrop: (e: DragEvent) => {
      if (!isShotDrag(e)) return;
      e.preventDefault();
      e.stopPropagation();
      const id = dragged.current!;
      setOver(null);
      move(id, { sceneId, index });
    },
  });

  /** A scene's shot area as a drop target (empty space, or an empty scene): the shot goes to its end. */
  const sceneDropProps = (sceneId: string, count: number) => ({
    onDragOver: (e: DragEvent) => {
      if (!isShotDrag(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (over?.sceneId !== sceneId || over.index !== count) setOver({ sceneId, index: count });
    },
    onDrop: (e: DragEvent) => {
      if (!isShotDrag(e)) return;
      e.preventDefault();
      const id = dragged.current!;
      setOver(null);
      move(id, { sceneId, index: Number.MAX_SAFE_INTEGER });
    },
  });

  /** Alt+ArrowUp / Alt+ArrowDown on a shot moves it one place, across scene boundaries too. */
  const onCardKeyDown = (shotId: string) => (e: ReactKeyboardEvent) => {
    if (!enabled || !e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    e.stopPropagation();
    move(shotId, (scenes) => stepPlace(scenes, shotId, e.key === "ArrowUp" ? -1 : 1));
    // The card may have moved to another scene (and been mounted anew): keep the keyboard on it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-shot-handle="${shotId}"]`)?.focus());
  };

  return { draggingId, over, announcement, handleProps, cardDropProps, sceneDropProps, onCardKeyDown };
}
export type ShotReorder = ReturnType<typeof useShotReorder>;
