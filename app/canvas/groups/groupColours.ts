import type { GroupColour } from "../../../domain/canvas/group";

/** A group's colour on its frame and collapsed card, from the studio's palette. */
export const GROUP_COLOUR: Record<GroupColour, string> = {
  slate: "#8b93a7",
  blue: "#7c8cff",
  violet: "#c38cff",
  green: "#2fd3a8",
  amber: "#f5a524",
  rose: "#f26369",
};
