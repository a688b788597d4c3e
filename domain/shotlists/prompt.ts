import type { Shot } from "./schema";

/**
 * spec (shell 5): the image prompt for a shot is 'Cinematic' + shot size + a comma list of shot type,
 * camera height, Dutch angle (unless None), framing and focus, then a colon and the description.
 * e.g. "Cinematic Wide Shot, Single, Low Angle, Dutch (left): A rider crests the dune".
 */
export function shotImagePrompt(
  shot: Pick<Shot, "shotSize" | "shotType" | "cameraHeight" | "dutchAngle" | "framing" | "focusDepthOfField" | "description">,
): string {
  const dutch = shot.dutchAngle && shot.dutchAngle !== "None" ? shot.dutchAngle : undefined;
  const details = [shot.shotType, shot.cameraHeight, dutch, shot.framing, shot.focusDepthOfField].filter(
    (v): v is NonNullable<typeof v> => !!v,
  );
  const head = ["Cinematic", shot.shotSize].filter(Boolean).join(" ");
  return `${[head, ...details].join(", ")}: ${shot.description.trim()}`;
}

/**
 * The prompt a workflow runs with for a shot ("For every shot"): the shot's image prompt above,
 * then its camera movement (when it moves) and the characters it shows, so a video model hears the move and
 * every model the people in it. e.g. "Cinematic Wide Shot, Single: A rider crests the dune. Camera
 * movement: Pan. Characters: DANIEL, MAYA".
 */
export function shotWorkflowPrompt(
  shot: Parameters<typeof shotImagePrompt>[0] & Pick<Shot, "movement">,
  characters: readonly string[],
): string {
  const parts = [shotImagePrompt(shot).replace(/[.\s]+$/, "")];
  if (shot.movement && shot.movement !== "Static") parts.push(`Camera movement: ${shot.movement}`);
  if (characters.length) parts.push(`Characters: ${characters.join(", ")}`);
  return parts.join(". ");
}

/** spec (shell 5): generating needs a description; the placeholder 'Description...' is not one. */
export function hasDescription(shot: Pick<Shot, "description">): boolean {
  const d = shot.description.trim();
  return d.length > 0 && d !== "Description...";
}
