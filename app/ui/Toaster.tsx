import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

const style = {
  "--normal-bg": "var(--color-surface-2)",
  "--normal-border": "var(--color-border-strong)",
  "--normal-text": "var(--color-text)",
  "--border-radius": "var(--radius-lg)",
  fontFamily: "var(--font-sans)",
} as CSSProperties;

/**
 * Sonner toaster for the dark studio theme. Render once at the app root. Top centre, just under the top bar
 * (56 px): there it covers no input — bottom-right sat on the canvas sidebar's Prompt and the bottom on the
 * generation toolbar.
 */
export function Toaster() {
  return <SonnerToaster theme="dark" position="top-center" offset={{ top: 64 }} richColors closeButton style={style} />;
}
