import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { findShot, updateShot } from "../../../domain/shotlists/edits";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import { hasDescription, shotImagePrompt } from "../../../domain/shotlists/prompt";
import type { Scene, Shot } from "../../../domain/shotlists/schema";
import { ApiError } from "../../api/client";
import { exportShotToCanvas, generateShotImage, uploadShotImage } from "../../api/shotLists";
import { CREDITS_KEY } from "../../api/projects";
import { MODE_EVENT } from "../../project/modes";
import { revealOnCanvas } from "../../canvas/reveal";
import { toast } from "../../ui";

/** spec (shell 4 "Shot image"): idle, generating or uploading, per shot. */
export type ShotImageState = "idle" | "generating" | "uploading" | "exporting";

/** The reason shown after 'Failed to … image: ' (spec: shell 7): the server's text, else the fallback. */
function reason(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    return err.message || fallback;
  }
  return err instanceof Error && err.message ? err.message : "Unknown error";
}

/**
 * Upload, generate, clear and export-to-canvas for shots. Pending edits are saved first, so the server
 * knows the shot; a new image is put on the shot and saved at once.
 */
export function useShotActions(
  listId: string,
  projectId: string,
  editScenes: (edit: (s: Scene[]) => Scene[]) => void,
  flush: () => Promise<boolean>,
  scenes: () => Scene[],
) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Record<string, ShotImageState>>({});
  const mark = (shotId: string, state: ShotImageState) => setBusy((b) => ({ ...b, [shotId]: state }));

  const setImage = useCallback(
    async (shotId: string, image: string | null) => {
      editScenes((s) => updateShot(s, shotId, { image }));
      await flush();
    },
    [editScenes, flush],
  );

  const upload = async (shot: Shot, file: File) => {
    mark(shot.id, "uploading");
    try {
      await flush();
      const { imageUrl } = await uploadShotImage({ shotListId: listId, shotId: shot.id, file });
      await setImage(shot.id, imageUrl);
    } catch (err) {
      toast.error(SHOT_LIST_MESSAGES.uploadFailed(reason(err, SHOT_LIST_MESSAGES.uploadFallback)));
    } finally {
      mark(shot.id, "idle");
    }
  };

  const generate = async (shot: Shot) => {
    if (!hasDescription(shot)) {
      toast.error(SHOT_LIST_MESSAGES.descriptionRequired);
      return;
    }
    mark(shot.id, "generating");
    try {
      await flush();
      const { imageUrl } = await generateShotImage({ shotListId: listId, shotId: shot.id, prompt: shotImagePrompt(shot) });
      await setImage(shot.id, imageUrl);
    } catch (err) {
      toast.error(SHOT_LIST_MESSAGES.generateFailed(reason(err, SHOT_LIST_MESSAGES.generateFallback)));
    } finally {
      mark(shot.id, "idle");
      // The run was charged (or its hold released): the balance in the top bar follows.
      void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
    }
  };

  const clear = (shot: Shot) => void setImage(shot.id, null);

  const toCanvas = async (shot: Shot) => {
    // The shot as it is now (its image may have just arrived).
    const current = findShot(scenes(), shot.id)?.shot ?? shot;
    if (!current.image) {
      toast.error(SHOT_LIST_MESSAGES.imageRequiredForCanvas);
      return;
    }
    mark(shot.id, "exporting");
    try {
      if (!(await flush())) throw new ApiError(0, "network", SHOT_LIST_MESSAGES.saveFailed);
      const { node } = await exportShotToCanvas({ shotListId: listId, shotId: shot.id });
      // The canvas shows it (centred and selected) when it opens next, by the action or by Alt+4.
      revealOnCanvas(projectId, node.id);
      toast.success(`${node.data.title ?? `Shot ${current.shotNumber}`} added to the canvas`, {
        action: { label: "Open Canvas", onClick: () => window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode: "canvas" } })) },
      });
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : "Failed to export the shot to the canvas");
    } finally {
      mark(shot.id, "idle");
    }
  };

  return { busy, upload, generate, clear, toCanvas };
}
export type ShotActions = ReturnType<typeof useShotActions>;
