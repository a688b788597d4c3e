import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Clapperboard, UserRound } from "lucide-react";
import { ASPECT_RATIOS, type AspectRatio } from "../../../domain/canvas/node";
import { modelsFor } from "../../../domain/generation/catalogue";
import { SHOT_IMAGE_MODEL_ID } from "../../../domain/shotlists/constants";
import type { Scene } from "../../../domain/shotlists/schema";
import { characterNodesOf, sceneCharacters, storyboardShots } from "../../../domain/storyboard/storyboardPlan";
import { api } from "../../api/client";
import { useModelCost } from "../../api/shotLists";
import type { CanvasData } from "../../canvas/canvasClient";
import { sendStoryboard } from "../../canvas/storyboard/pendingStoryboard";
import { Button, Dialog, Field, Select, toast } from "../../ui";

export interface StoryboardDialogProps {
  scene: Scene | null;
  projectId: string;
  listId: string;
  onClose(): void;
  /** Saves the list's pending edits first (the lane is made from the saved shots); false stops it. */
  flush(): Promise<boolean>;
}

const IMAGE_MODELS = modelsFor("image", ["image"]).map((m) => ({ value: m.id, label: m.name }));
const RATIOS = ASPECT_RATIOS.map((r) => ({ value: r, label: r }));

/**
 * Storyboard scene: the scene's shots become a lane on the canvas, with a character node per
 * character; Generate all shows what running the lane costs before it starts.
 */
export function StoryboardDialog({ scene, projectId, listId, onClose, flush }: StoryboardDialogProps) {
  const [model, setModel] = useState(SHOT_IMAGE_MODEL_ID);
  const [ratio, setRatio] = useState<AspectRatio>("16:9");
  const [generate, setGenerate] = useState(true);
  const [busy, setBusy] = useState(false);
  const cost = useModelCost(model);
  const canvas = useQuery({
    queryKey: ["canvasNodes", projectId],
    queryFn: () => api<CanvasData>("GET", `/api/projects/nodes?projectId=${projectId}`),
    enabled: scene !== null,
    staleTime: 0,
  });
  const shots = useMemo(() => (scene ? storyboardShots(scene) : []), [scene]);
  const characters = useMemo(() => sceneCharacters({ shots }), [shots]);
  const existing = useMemo(() => characterNodesOf(canvas.data?.nodes ?? []), [canvas.data]);
  const newCharacters = characters.filter((c) => !existing.has(c));
  const runs = shots.length + newCharacters.length;
  const credits = typeof cost.data === "number" ? cost.data * runs : null;

  const send = async () => {
    if (!scene) return;
    setBusy(true);
    try {
      if (!(await flush())) {
        toast.error("Save the shot list before storyboarding", { description: "The lane is made from the saved shots." });
        return;
      }
      sendStoryboard(projectId, { listId, scene, model, aspectRatio: ratio, generate });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={scene !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Storyboard scene"
      description={
        scene ? `${scene.title}: each described shot becomes an image node on the canvas, left to right in shot order.` : undefined
      }
      className="max-w-md"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void send()} loading={busy} disabled={shots.length === 0}>
            <Clapperboard aria-hidden /> Send to canvas
          </Button>
        </>
      }
    >
      {shots.length === 0 ? (
        <p className="text-sm text-text-muted">
          No shot of this scene has a description yet. Describe the shots first: each description becomes its frame's prompt.
        </p>
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <p className="text-text-muted" data-testid="storyboard-summary">
            {shots.length === 1 ? "1 shot" : `${shots.length} shots`}
            {characters.length > 0 &&
              `, ${characters.length === 1 ? "1 character" : `${characters.length} characters`} connected as reference`}
          </p>
          {characters.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Characters">
              {characters.map((c) => (
                <li key={c} className="flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs">
                  <UserRound className="size-3" aria-hidden /> {c}
                  {existing.has(c) && <span className="text-text-subtle">· on the canvas</span>}
                </li>
              ))}
            </ul>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field label="Image model" htmlFor="storyboard-model">
              <Select id="storyboard-model" value={model} onValueChange={setModel} options={IMAGE_MODELS} />
            </Field>
            <Field label="Aspect ratio" htmlFor="storyboard-ratio">
              <Select id="storyboard-ratio" value={ratio} onValueChange={(v) => setRatio(v as AspectRatio)} options={RATIOS} />
            </Field>
          </div>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 accent-[var(--color-accent)]"
              checked={generate}
              onChange={(e) => setGenerate(e.target.checked)}
            />
            <span>
              Generate all now
              <span className="block text-xs text-text-muted" data-testid="storyboard-cost">
                {runs === 1 ? "1 run" : `${runs} runs`}
                {newCharacters.length > 0 && ` (characters first)`}
                {credits !== null ? ` · ${credits.toLocaleString()} credits` : ""}
              </span>
            </span>
          </label>
        </div>
      )}
    </Dialog>
  );
}
