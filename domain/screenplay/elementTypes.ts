/** spec (shell 3 "Screenplay element"), in the Ctrl/Cmd+1..7 order. */
export const ELEMENT_TYPES = ["slug", "action", "character", "dialogue", "parenthetical", "transition", "shot"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
