import type { Shot } from "./schema";

/**
 * spec (shell 5): the image prompt for a shot is 'Cinematic' + shot size + a comma list of shot type,
 * camera height, Dutch angle (unless None), framing and focus, then a colon and the description.
 * e.g. "Cinematic Wide Shot, Single, Low Angle, Dutch (left): A rider crests the dune".
 */
export function shotImagePrompt(shot: Pick<Shot, "shotSize" | "shotType" | "cameraHeight" | "dutchAngle" | "framing" | "focusDepthOfField" | "description">): string {
  const dutch = shot.dutchAngle && shot.dutchAngle !== "None" ? shot.dutchAngle : undefined;
  const details = [shot.shotType, shot.cameraHeight, dutch, shot.framing, shot.focusDepthOfField].filter((v): v is NonNullable<typeof v> => !!v);
  const head = ["Cinematic", shot.shotSize].filter(Boolean).join(" ");
  return `${[head, ...details].join(", ")}: ${shot.description.trim()}`;
}

/** spec (shell 5): generating needs a description; the placeholder 'Description...' is not one. */
export function hasDescription(shot: Pick<Shot, "description">): boolean {
  const d = shot.description.trim();
  return d.length > 0 && d !== "Description...";
}
