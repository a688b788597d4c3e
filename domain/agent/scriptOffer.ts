import { z } from "zod";
import { screenplayElementSchema } from "../screenplay/elements";
import { scriptNameSchema } from "../scripts";

/**
 * A scene the agent offers to write into a new script, beside a plan it made from a description (a
 * storyboard of "a chase in the rain"): kept on the answer, so "Write into a script" makes exactly this
 * script, once, whoever clicks it and however often.
 */
export const SCENE_DRAFT_MAX_ELEMENTS = 100;

export const sceneDraftSchema = z.object({
  name: scriptNameSchema,
  elements: z.array(screenplayElementSchema).min(1).max(SCENE_DRAFT_MAX_ELEMENTS),
});
export type SceneDraft = z.infer<typeof sceneDraftSchema>;

export const SCRIPT_OFFER_MESSAGES = {
  none: "This answer offers no scene to write.",
} as const;
