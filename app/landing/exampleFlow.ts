import { REMIX_DRAFT_KEY, type RemixDraft } from "../../domain/remix";

/**
 * The hero's example flow (NodeGraphIllustration) as a remix draft: the same four nodes,
 * named by label as the gallery names them. Remixing it leaves the draft where the gallery would (spec:
 * shell 3 "Remix draft"); after sign-in the dashboard turns it into a project (useRemixDraft).
 */
export const NIGHT_DINER_FLOW: RemixDraft = {
  name: "Night Diner",
  nodes: [
    {
      id: "script",
      position: { x: 0, y: 0 },
      data: {
        label: "Script",
        contentType: "text",
        status: "completed",
        content: "INT. NIGHT DINER - LATE\n\nRain streaks the glass. MAYA slides a faded photo across the counter.",
      },
    },
    {
      id: "shot",
      position: { x: 550, y: 0 },
      data: {
        label: "Shot 12A",
        contentType: "text",
        status: "completed",
        content: "CU, 50mm, dolly in, low key: MAYA's hand slides the photo across the counter.",
      },
    },
    {
      id: "frame",
      position: { x: 550, y: 500 },
      data: {
        label: "Frame",
        contentType: "image",
        prompt: "Close-up of a hand sliding a faded photo across a diner counter at night, rain on the window, low-key light, 50mm",
        aspectRatio: "16:9",
      },
    },
    {
      id: "clip",
      position: { x: 0, y: 500 },
      data: {
        label: "Clip",
        contentType: "video",
        prompt: "Slow dolly in on the photo on the counter, neon flicker, rain outside",
        aspectRatio: "16:9",
      },
    },
  ],
};

/** Leaves the example as a remix draft in this browser; the caller then sends the visitor to sign in. */
export function leaveExampleDraft(draft: RemixDraft = NIGHT_DINER_FLOW, storage: Storage = localStorage): void {
  storage.setItem(REMIX_DRAFT_KEY, JSON.stringify(draft));
}
