import { useEffect, useState, type FormEvent } from "react";
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from "../../../domain/shotlists/constants";
import type { Scene, SceneFields } from "../../../domain/shotlists/schema";
import { Button, Dialog, Field, Input, Textarea } from "../../ui";

const FIELDS: Array<{ key: keyof SceneFields; label: string }> = [
  { key: "title", label: "Title" },
  { key: "location", label: "Location" },
  { key: "weather", label: "Weather" },
  { key: "lighting", label: "Lighting" },
];

/** spec (shell 2 "Edit Scene dialog"): Title, Location, Weather, Lighting, Description; Cancel and Save Scene. */
export function EditSceneDialog({
  scene,
  onOpenChange,
  onSave,
}: {
  scene: Scene | null;
  onOpenChange(open: boolean): void;
  onSave(id: string, fields: SceneFields): void;
}) {
  const [draft, setDraft] = useState<SceneFields | null>(null);
  useEffect(() => {
    setDraft(
      scene
        ? { title: scene.title, location: scene.location, weather: scene.weather, lighting: scene.lighting, description: scene.description }
        : null,
    );
  }, [scene]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (scene && draft) onSave(scene.id, draft);
  };
  return (
    <Dialog open={!!scene} onOpenChange={onOpenChange} title="Edit Scene">
      {draft && (
        <form onSubmit={submit} className="flex flex-col gap-4" id="edit-scene-form">
          {FIELDS.map(({ key, label }) => (
            <Field key={key} label={label} htmlFor={`scene-${key}`}>
              <Input
                id={`scene-${key}`}
                value={draft[key]}
                maxLength={SHORT_TEXT_MAX}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            </Field>
          ))}
          <Field label="Description" htmlFor="scene-description">
            <Textarea
              id="scene-description"
              value={draft.description}
              maxLength={LONG_TEXT_MAX}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary">
              Save Scene
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
