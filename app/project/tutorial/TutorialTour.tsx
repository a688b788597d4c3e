import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../ui";
import type { Mode } from "../modes";
import { TOUR_STEPS, type TourStep } from "./tourSteps";

const CARD_WIDTH = 340;
const GAP = 12;
/** How long a step waits for its control to appear (a mode's code loads on first show) before it is skipped. */
const WAIT_FOR_TARGET_MS = 3000;

type Rect = { x: number; y: number; width: number; height: number };

const targetOf = (step: TourStep) => document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`);

/** The card beside the control: below it when there is room, else above; kept inside the window. */
function cardPosition(rect: Rect, cardHeight: number): { left: number; top: number } {
  const left = Math.min(Math.max(GAP, rect.x + rect.width / 2 - CARD_WIDTH / 2), window.innerWidth - CARD_WIDTH - GAP);
  const below = rect.y + rect.height + GAP;
  const top = below + cardHeight <= window.innerHeight - GAP ? below : Math.max(GAP, rect.y - cardHeight - GAP);
  return { left, top };
}

/**
 * "Start Tutorial": a step-by-step tour that points at the real controls. Each step brings the control into
 * view (switching mode when it lives in another), rings it, and explains it beside it. Keyboard: → / Enter
 * next, ← back, Esc closes. A step whose control is not on this screen (Share for a member who is not the
 * owner) is left out.
 */
export function TutorialTour({ onClose, onMode }: { onClose(): void; onMode(mode: Mode): void }) {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const [direction, setDirection] = useState<1 | -1>(1);
  const cardRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const step = TOUR_STEPS[index]!;
  const last = index === TOUR_STEPS.length - 1;

  const go = (to: number) => {
    if (to < 0) return;
    if (to >= TOUR_STEPS.length) return onClose();
    setDirection(to > index ? 1 : -1);
    setRect(null);
    setIndex(to);
  };

  // Find the step's control (after switching mode), and follow it as the window or layout changes.
  useEffect(() => {
    if (step.mode) onMode(step.mode);
    const started = performance.now();
    let frame = 0;
    const track = () => {
      const el = targetOf(step);
      if (el) {
        const r = el.getBoundingClientRect();
        setRect((old) =>
          old && old.x === r.x && old.y === r.y && old.width === r.width && old.height === r.height
            ? old
            : { x: r.x, y: r.y, width: r.width, height: r.height },
        );
      } else if (performance.now() - started > WAIT_FOR_TARGET_MS) {
        // Not on this screen: on to the next step the way the user was going.
        setIndex((i) => Math.min(TOUR_STEPS.length - 1, Math.max(0, i + direction)));
        return;
      }
      frame = requestAnimationFrame(track);
    };
    frame = requestAnimationFrame(track);
    return () => cancelAnimationFrame(frame);
  }, [step, direction, onMode]);

  // One key listener for the tour's life; it reads the current step through a ref.
  const keys = useRef({ go, index, onClose });
  keys.current = { go, index, onClose };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { go, index, onClose } = keys.current;
      if (e.key === "Escape") onClose();
      else if (e.key === "ArrowRight") go(index + 1);
      else if (e.key === "ArrowLeft") go(index - 1);
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);

  useLayoutEffect(() => {
    if (rect) nextRef.current?.focus({ preventScroll: true });
  }, [index, rect !== null]);

  const cardHeight = cardRef.current?.offsetHeight ?? 180;
  const at = rect ? cardPosition(rect, cardHeight) : null;
  return createPortal(
    <div className="fixed inset-0 z-[60]" data-testid="tutorial-tour">
      {/* The ring: a cut-out in a dimmed screen around the control; clicks outside the card close nothing. */}
      {rect && (
        <div
          aria-hidden
          data-testid="tutorial-spotlight"
          className="pointer-events-none fixed rounded-lg transition-all duration-200"
          style={{
            left: rect.x - 4,
            top: rect.y - 4,
            width: rect.width + 8,
            height: rect.height + 8,
            // The ring and the dimmed screen around it, as one shadow (a ring class would be overridden by it).
            boxShadow: "0 0 0 2px var(--color-accent), 0 0 16px 4px rgb(245 165 36 / 0.35), 0 0 0 9999px rgb(0 0 0 / 0.6)",
          }}
        />
      )}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tutorial-title"
        aria-describedby="tutorial-body"
        className="fixed rounded-xl border border-border bg-surface p-4 shadow-2xl transition-[left,top] duration-200"
        style={
          at
            ? { left: at.left, top: at.top, width: CARD_WIDTH }
            : { left: "50%", top: "40%", width: CARD_WIDTH, transform: "translateX(-50%)" }
        }
      >
        <p className="text-xs text-text-muted">
          Step {index + 1} of {TOUR_STEPS.length}
        </p>
        <h2 id="tutorial-title" className="mt-1 text-base font-semibold text-text">
          {step.title}
        </h2>
        <p id="tutorial-body" className="mt-1.5 text-sm leading-relaxed text-text-muted">
          {step.body}
        </p>
        <div className="mt-4 flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Skip tour
          </Button>
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => go(index - 1)} disabled={index === 0}>
              Back
            </Button>
            <Button ref={nextRef} variant="primary" size="sm" onClick={() => go(index + 1)}>
              {last ? "Start creating" : "Next"}
            </Button>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
