import courierPrimeUrl from "@expo-google-fonts/courier-prime/400Regular/CourierPrime_400Regular.ttf?url";

/** The --font-screenplay stack, for inline styles. */
export const SCREENPLAY_FONT = `"Courier Prime", "Courier New", Courier, monospace`;

let requested = false;

/**
 * Registers Courier Prime (the face the PDF export prints with) the first time an editor opens, so the page
 * on screen wraps like the printed one. Falls back to the rest of the stack while it loads or if it fails.
 */
export function loadScreenplayFont(): void {
  if (requested || typeof FontFace === "undefined" || typeof document === "undefined" || !document.fonts) return;
  requested = true;
  const face = new FontFace("Courier Prime", `url(${courierPrimeUrl}) format("truetype")`, {
    weight: "400",
    style: "normal",
    display: "swap",
  });
  face
    .load()
    .then((loaded) => document.fonts.add(loaded))
    .catch(() => {
      requested = false;
    });
}
