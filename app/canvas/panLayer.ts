/**
 * While a drag pans the canvas, its viewport is a layer of its own (`will-change: transform`, canvas.css
 * `.is-panning`): each frame then moves the layer instead of painting every mounted card again. At 100 %
 * the cards' paint was what a pan cost beyond the empty canvas (bench:canvas, default view). Only drags: a
 * layer kept through a change of scale is not rasterized again, so a zoom under it would blur every title.
 * The class goes when the move ends, and the next paint is at the view's own scale.
 */
const PANNING = "is-panning";

/** d3-zoom's start event of a drag with the mouse or one finger (a wheel, a pinch or code starts none). */
const isDrag = (e: MouseEvent | TouchEvent | null): e is MouseEvent | TouchEvent =>
  e?.type === "mousedown" || (e?.type === "touchstart" && (e as TouchEvent).touches.length === 1);

export function createPanLayer() {
  let canvas: Element | null = null;
  return {
    moveStarted(e: MouseEvent | TouchEvent | null) {
      if (!isDrag(e) || !(e.target instanceof Element)) return;
      canvas = e.target.closest(".react-flow");
      canvas?.classList.add(PANNING);
    },
    moveEnded() {
      canvas?.classList.remove(PANNING);
      canvas = null;
    },
  };
}
