/** React Flow's type and id prefix for a collapsed group's card: drawn, never part of the canvas document. */
export const GROUP_CARD_TYPE = "groupCard";
export const GROUP_CARD_PREFIX = "group-card:";
