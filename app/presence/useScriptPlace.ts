import { useEffect, type RefObject } from "react";
import { reportPresence } from "./presenceChannel";
import { useFollowed, usePresence } from "./presenceStore";

/**
 * The place in a script: this tab reports the first line on screen as it scrolls, and, while it
 * follows someone in the same script, scrolls to theirs. Scrolling, clicking or typing in the page stops
 * following (the scroll this hook makes itself does not: it listens to the person, not to scroll events).
 */
export function useScriptPlace(scroller: RefObject<HTMLElement | null>, scriptId: string) {
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const report = () => {
      frame = 0;
      const top = el.getBoundingClientRect().top;
      const first = [...el.querySelectorAll<HTMLElement>("[data-element-id]")].find(
        (line) => line.getBoundingClientRect().bottom > top + 8,
      );
      reportPresence({ scriptElementId: first?.dataset.elementId ?? null });
    };
    const onScroll = () => (frame ||= requestAnimationFrame(report));
    const stopFollowing = () => usePresence.getState().following && usePresence.getState().follow(null);
    report();
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("wheel", stopFollowing, { passive: true });
    el.addEventListener("pointerdown", stopFollowing);
    el.addEventListener("keydown", stopFollowing);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("wheel", stopFollowing);
      el.removeEventListener("pointerdown", stopFollowing);
      el.removeEventListener("keydown", stopFollowing);
      reportPresence({ scriptElementId: null });
    };
  }, [scroller, scriptId]);

  const followed = useFollowed();
  const target = followed?.mode === "scripts" && followed.scriptId === scriptId ? followed.scriptElementId : null;
  useEffect(() => {
    if (!target) return;
    scroller.current
      ?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(target)}"]`)
      ?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [scroller, target]);
}
