import { useCallback, useEffect, useRef, useState } from "react";
import { ArrowLeft, Film, Plus, ScrollText } from "lucide-react";
import { acknowledgeChanges, type LineChange } from "../../../domain/breakdown/scriptLink";
import { takeFocusShot } from "../openShotList";
import { SHOT_IMAGE_MODEL_ID, SHOT_LIST_NAME_MAX } from "../../../domain/shotlists/constants";
import { addScene, addShot, deleteScene, deleteShot, shotsAcrossScenes, updateScene, updateShot } from "../../../domain/shotlists/edits";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import type { Scene, SceneFields, Shot, ShotFields } from "../../../domain/shotlists/schema";
import { useQueryClient } from "@tanstack/react-query";
import { shotListKeys, useModelCost, type LoadedShotList } from "../../api/shotLists";
import { Button, ConfirmDialog } from "../../ui";
import { EditSceneDialog } from "./EditSceneDialog";
import { ExportMenu } from "./ExportMenu";
import { InlineText } from "./InlineText";
import { SaveState } from "./SaveState";
import { ScenePanel } from "./ScenePanel";
import { StoryboardDialog } from "./StoryboardDialog";
import { AnimaticDialog } from "./AnimaticDialog";
import { useShotActions } from "./useShotActions";
import { useShotListDocument } from "./useShotListDocument";
import { useShotReorder } from "./useShotReorder";

const NO_CHANGES: Readonly<Record<string, LineChange[]>> = {};

/** The shot a line marker opened the list at: scrolled into view and ringed for two seconds. */
function useFocusShot(listId: string): string | null {
  const [shotId, setShotId] = useState<string | null>(null);
  useEffect(() => {
    const id = takeFocusShot(listId);
    if (!id) return;
    setShotId(id);
    const frame = requestAnimationFrame(() =>
      document.querySelector(`[data-shot-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "center", behavior: "smooth" }),
    );
    const timer = setTimeout(() => setShotId(null), 2500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [listId]);
  return shotId;
}

/** The shot list editor (spec: shell 2 "Shot list screens"): header, scenes with their shots, dialogs. */
export function ShotListWorkspace({ list, readOnly, onBack }: { list: LoadedShotList; readOnly: boolean; onBack(): void }) {
  const { doc, apply, editScenes, flush, status } = useShotListDocument(list.id, { name: list.name, scenes: list.scenes }, list.version);
  const scenesRef = useRef(doc.scenes);
  scenesRef.current = doc.scenes;
  const reorder = useShotReorder(editScenes, !readOnly);
  const actions = useShotActions(list.id, list.projectId, editScenes, flush, () => scenesRef.current);
  const cost = useModelCost(SHOT_IMAGE_MODEL_ID);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Scene | null>(null);
  const [deletingShot, setDeletingShot] = useState<Shot | null>(null);
  const [deletingScene, setDeletingScene] = useState<Scene | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [storyboarding, setStoryboarding] = useState<Scene | null>(null);
  const [animaticOpen, setAnimaticOpen] = useState(false);

  const onShotChange = useCallback(
    (shotId: string, fields: Partial<ShotFields>) => editScenes((s) => updateShot(s, shotId, fields)),
    [editScenes],
  );
  const onSceneChange = useCallback(
    (sceneId: string, fields: Partial<SceneFields>) => editScenes((s) => updateScene(s, sceneId, fields)),
    [editScenes],
  );
  const onAddShot = useCallback((sceneId: string) => editScenes((s) => addShot(s, sceneId)), [editScenes]);
  // A new scene is scrolled into view (it is added last, often below the fold).
  const scenesBox = useRef<HTMLDivElement>(null);
  const showNewScene = useRef(false);
  const onAddScene = () => {
    showNewScene.current = true;
    editScenes((s) => addScene(s));
  };
  useEffect(() => {
    if (!showNewScene.current) return;
    showNewScene.current = false;
    const panels = scenesBox.current?.querySelectorAll('[data-testid="scene-panel"]');
    panels?.[panels.length - 1]?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [doc.scenes.length]);
  const onAcknowledge = useCallback(
    (shot: Shot, changes: readonly LineChange[]) => editScenes((s) => acknowledgeChanges(s, shot.id, changes)),
    [editScenes],
  );
  const highlightedShot = useFocusShot(list.id);

  /** Back saves what is pending first; if that fails the editor stays open, so nothing is lost. */
  const back = async () => {
    setLeaving(true);
    const saved = await flush();
    setLeaving(false);
    if (!saved) return;
    await qc.invalidateQueries({ queryKey: shotListKeys.list(list.projectId) });
    onBack();
  };

  return (
    <section className="flex h-full flex-col" data-testid="shotlist-editor">
      <header className="flex flex-wrap items-center gap-3 border-b border-border bg-surface/80 px-6 py-3 backdrop-blur">
        <Button variant="ghost" size="sm" onClick={back} loading={leaving} aria-label="Back to shot lists">
          <ArrowLeft /> Back
        </Button>
        <div className="min-w-0 flex-1">
          <InlineText
            label="Shot list name"
            value={doc.name}
            maxLength={SHOT_LIST_NAME_MAX}
            readOnly={readOnly}
            onCommit={(name) => name.trim() && apply((d) => ({ ...d, name: name.trim() }))}
            className="text-lg font-semibold"
          />
          <p className="flex items-center gap-2 px-2 text-xs text-text-muted" data-testid="shotlist-summary">
            {shotsAcrossScenes(doc.scenes)}
            {list.script && (
              <span
                className="flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-2xs"
                title="Broken down from this script"
              >
                <ScrollText className="size-3" aria-hidden /> {list.script.name}
              </span>
            )}
          </p>
        </div>
        {!readOnly && <SaveState status={status} />}
        {readOnly && <span className="rounded-md border border-border px-2 py-1 text-xs text-text-muted">View only</span>}
        {!readOnly && (
          <Button onClick={onAddScene}>
            <Plus /> Add Scene
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => setAnimaticOpen(true)}
          disabled={doc.scenes.every((sc) => sc.shots.length === 0) || readOnly}
          title={readOnly ? "View-only members cannot make an animatic" : undefined}
        >
          <Film /> Animatic
        </Button>
        <ExportMenu listId={list.id} flush={flush} />
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto">
        <div ref={scenesBox} className="mx-auto flex max-w-[1400px] flex-col gap-6 px-6 py-6">
          {doc.scenes.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
              <p className="text-lg font-medium text-text">No scenes yet</p>
              {!readOnly && (
                <Button variant="primary" onClick={onAddScene}>
                  <Plus /> Create First Scene
                </Button>
              )}
            </div>
          ) : (
            doc.scenes.map((scene, i) => (
              <ScenePanel
                key={scene.id}
                scene={scene}
                index={i}
                readOnly={readOnly}
                reorder={reorder}
                actions={actions}
                costCredits={cost.data}
                onSceneChange={onSceneChange}
                onEditScene={setEditing}
                onDeleteScene={setDeletingScene}
                onAddShot={onAddShot}
                onShotChange={onShotChange}
                onDeleteShot={setDeletingShot}
                scriptChanges={list.scriptChanges ?? NO_CHANGES}
                onAcknowledge={onAcknowledge}
                highlightedShot={highlightedShot}
                onStoryboard={setStoryboarding}
              />
            ))
          )}
        </div>
      </div>
      <p aria-live="polite" className="sr-only" data-testid="reorder-announcement">
        {reorder.announcement}
      </p>

      <AnimaticDialog open={animaticOpen} onOpenChange={setAnimaticOpen} listId={list.id} scenes={doc.scenes} flush={flush} />
      <StoryboardDialog
        scene={storyboarding && (doc.scenes.find((sc) => sc.id === storyboarding.id) ?? null)}
        projectId={list.projectId}
        listId={list.id}
        flush={flush}
        onClose={() => setStoryboarding(null)}
      />
      <EditSceneDialog
        scene={editing}
        onOpenChange={(o) => !o && setEditing(null)}
        onSave={(id, fields) => {
          onSceneChange(id, fields);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deletingShot}
        onOpenChange={(o) => !o && setDeletingShot(null)}
        title={SHOT_LIST_MESSAGES.deleteShotTitle(deletingShot?.shotNumber ?? 0)}
        message={SHOT_LIST_MESSAGES.deleteShotMessage}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deletingShot) editScenes((s) => deleteShot(s, deletingShot.id));
          setDeletingShot(null);
        }}
      />
      <ConfirmDialog
        open={!!deletingScene}
        onOpenChange={(o) => !o && setDeletingScene(null)}
        title="Delete Scene"
        message={`Are you sure you want to delete "${deletingScene?.title || "this scene"}" and its ${deletingScene?.shots.length ?? 0} shots? This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deletingScene) editScenes((s) => deleteScene(s, deletingScene.id));
          setDeletingScene(null);
        }}
      />
    </section>
  );
}
