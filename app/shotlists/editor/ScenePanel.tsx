import { Clapperboard, CloudSun, Lightbulb, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from "../../../domain/shotlists/constants";
import type { Scene, SceneFields, Shot, ShotFields } from "../../../domain/shotlists/schema";
import { Button, IconButton, cn } from "../../ui";
import { InlineText } from "./InlineText";
import { ShotCard } from "./ShotCard";
import type { ShotActions } from "./useShotActions";
import type { LineChange } from "../../../domain/breakdown/scriptLink";
import type { ShotReorder } from "./useShotReorder";

export interface ScenePanelProps {
  scene: Scene;
  index: number;
  readOnly: boolean;
  reorder: ShotReorder;
  actions: ShotActions;
  costCredits: number | null | undefined;
  onSceneChange(sceneId: string, fields: Partial<SceneFields>): void;
  onEditScene(scene: Scene): void;
  onDeleteScene(scene: Scene): void;
  onAddShot(sceneId: string): void;
  onShotChange(shotId: string, fields: Partial<ShotFields>): void;
  onDeleteShot(shot: Shot): void;
  /** Per shot id, what changed in its script lines (lists made by a breakdown). */
  scriptChanges: Readonly<Record<string, LineChange[]>>;
  onAcknowledge(shot: Shot, changes: readonly LineChange[]): void;
  highlightedShot: string | null;
  /** Storyboard scene: its shots to the canvas as a lane. */
  onStoryboard(scene: Scene): void;
}

const META: Array<{ key: "location" | "weather" | "lighting"; label: string; Icon: typeof MapPin }> = [
  { key: "location", label: "Location", Icon: MapPin },
  { key: "weather", label: "Weather", Icon: CloudSun },
  { key: "lighting", label: "Lighting", Icon: Lightbulb },
];

/** A scene (spec: shell 2): its fields in place, its shot count, Add Shot, and its shots as a grid of cards. */
export function ScenePanel(p: ScenePanelProps) {
  const { scene, readOnly, reorder } = p;
  const count = scene.shots.length;
  const sceneLabel = scene.title || `Scene ${p.index + 1}`;
  const dropAtEnd = reorder.over?.sceneId === scene.id && reorder.over.index >= count;
  return (
    <section aria-label={sceneLabel} data-testid="scene-panel" className="rounded-2xl border border-border bg-surface/60">
      <header className="flex flex-col gap-2 border-b border-border px-4 py-3">
        <div className="flex items-center gap-2">
          <span className="shrink-0 text-xs font-semibold uppercase tracking-wider text-text-subtle">Scene {p.index + 1}</span>
          <div className="min-w-0 flex-1">
            <InlineText
              label="Scene title"
              value={scene.title}
              maxLength={SHORT_TEXT_MAX}
              readOnly={readOnly}
              onCommit={(title) => p.onSceneChange(scene.id, { title })}
              className="text-base font-semibold"
            />
          </div>
          <span className="shrink-0 text-xs text-text-muted" data-testid="scene-shot-count">
            {count} {count === 1 ? "shot" : "shots"}
          </span>
          {!readOnly && (
            <>
              <IconButton label={`Edit ${sceneLabel}`} size="sm" onClick={() => p.onEditScene(scene)}>
                <Pencil />
              </IconButton>
              <IconButton label={`Delete ${sceneLabel}`} size="sm" onClick={() => p.onDeleteScene(scene)}>
                <Trash2 />
              </IconButton>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => p.onStoryboard(scene)}
                disabled={count === 0}
                title="Send this scene's shots to the canvas as a lane"
              >
                <Clapperboard /> Storyboard
              </Button>
              <Button size="sm" onClick={() => p.onAddShot(scene.id)}>
                <Plus /> Add Shot
              </Button>
            </>
          )}
        </div>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-3">
          {META.map(({ key, label, Icon }) => (
            <div key={key} className="flex min-w-0 items-center gap-1 text-text-muted">
              <Icon className="size-3.5 shrink-0" aria-hidden />
              <InlineText
                label={label}
                value={scene[key]}
                maxLength={SHORT_TEXT_MAX}
                readOnly={readOnly}
                onCommit={(v) => p.onSceneChange(scene.id, { [key]: v })}
                className="text-xs text-text-muted"
              />
            </div>
          ))}
        </div>
        <InlineText
          label="Scene description"
          value={scene.description}
          multiline
          maxLength={LONG_TEXT_MAX}
          readOnly={readOnly}
          onCommit={(description) => p.onSceneChange(scene.id, { description })}
          className="text-sm text-text-muted"
        />
      </header>
      <div
        {...reorder.sceneDropProps(scene.id, count)}
        data-testid="scene-shots"
        className={cn("min-h-24 rounded-b-2xl p-4 transition-colors", dropAtEnd && "bg-accent-soft")}
      >
        {count === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border py-10 text-center">
            <p className="text-sm text-text-muted">No shots in this scene yet</p>
            {!readOnly && (
              <Button size="sm" variant="primary" onClick={() => p.onAddShot(scene.id)}>
                <Plus /> Add First Shot
              </Button>
            )}
          </div>
        ) : (
          <div className="grid grid-cols-[repeat(auto-fill,minmax(272px,1fr))] gap-4">
            {scene.shots.map((shot, i) => (
              <ShotCard
                key={shot.id}
                shot={shot}
                sceneId={scene.id}
                index={i}
                readOnly={readOnly}
                imageState={p.actions.busy[shot.id] ?? "idle"}
                costCredits={p.costCredits}
                dragging={reorder.draggingId === shot.id}
                dropTarget={reorder.over?.sceneId === scene.id && reorder.over.index === i && reorder.draggingId !== shot.id}
                handleProps={(card) => reorder.handleProps(shot.id, card)}
                dropProps={reorder.cardDropProps(scene.id, i)}
                onKeyDown={reorder.onCardKeyDown(shot.id)}
                onChange={p.onShotChange}
                onDelete={p.onDeleteShot}
                onUpload={p.actions.upload}
                onGenerate={p.actions.generate}
                onClear={p.actions.clear}
                onToCanvas={p.actions.toCanvas}
                scriptChanges={p.scriptChanges[shot.id]}
                onAcknowledge={p.onAcknowledge}
                highlighted={p.highlightedShot === shot.id}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
