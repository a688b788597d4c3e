import type { CSSProperties } from "react";
import { Toaster as SonnerToaster } from "sonner";

const style = {
  "--normal-bg": "var(--color-surface-2)",
  "--normal-border": "var(--color-border-strong)",
  "--normal-text": "var(--color-text)",
  "--border-radius": "var(--radius-lg)",
  fontFamily: "var(--font-sans)",
} as CSSProperties;

/** Sonner toaster for the dark studio theme. Render once at the app root. */
export function Toaster() {
  return <SonnerToaster theme="dark" position="bottom-right" richColors closeButton style={style} />;
}
