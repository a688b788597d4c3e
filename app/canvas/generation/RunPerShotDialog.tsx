import { useEffect, useState } from "react";
import { useStore } from "zustand";
import type { PerShotRunPlan } from "../../../domain/runs/api";
import type { ShotListSummary } from "../../../domain/shotlists/schema";
import { Button, Dialog, Field, Select, Spinner } from "../../ui";
import { useGeneration } from "../store/useCanvas";

const ALL_SCENES = "all";
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * For every shot's one confirmation: pick a shot list of this project (and, if it has
 * several, one scene or all), then see each shot's lane (its prompt and what it will run), the nodes per
 * lane and the total credits every lane will hold. Cancel changes nothing.
 */
export function RunPerShotDialog() {
  const { perShot } = useGeneration();
  const nodeIds = useStore(perShot.dialog, (s) => s.nodeIds);
  const [lists, setLists] = useState<ShotListSummary[] | null>(null);
  const [listId, setListId] = useState("");
  const [scenes, setScenes] = useState<{ id: string; title: string }[]>([]);
  const [sceneId, setSceneId] = useState(ALL_SCENES);
  const [plan, setPlan] = useState<PerShotRunPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  // Opening: the project's shot lists, the first one chosen.
  useEffect(() => {
    if (!nodeIds) return;
    let current = true;
    setLists(null);
    setListId("");
    setError(null);
    perShot.shotLists().then(
      (found) => {
        if (!current) return;
        setLists(found);
        setListId(found.find((l) => l.hasShots)?.id ?? "");
      },
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [nodeIds, perShot]);

  useEffect(() => {
    setSceneId(ALL_SCENES);
    setScenes([]);
    if (!listId) return;
    let current = true;
    perShot.scenes(listId).then(
      (s) => current && setScenes(s),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [listId, perShot]);

  useEffect(() => {
    setPlan(null);
    if (!nodeIds || !listId) return;
    let current = true;
    setError(null);
    perShot.plan(nodeIds, choice(listId, sceneId)).then(
      (p) => current && setPlan(p),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [nodeIds, listId, sceneId, perShot]);

  const run = async () => {
    if (!nodeIds || !listId) return;
    setStarting(true);
    const refused = await perShot.start(nodeIds, choice(listId, sceneId));
    setStarting(false);
    if (!refused) perShot.close();
  };
  const shotCount = plan?.lanes.length ?? 0;
  return (
    <Dialog
      open={nodeIds !== null}
      onOpenChange={(open) => !open && !starting && perShot.close()}
      title="Run for every shot"
      description={`The ${nodeIds && nodeIds.length === 1 ? "selected node runs" : "selected nodes run"} once per shot, each shot in a lane of its own with its description, image, characters and camera.`}
      className="max-w-lg"
      footer={
        <>
          <Button variant="ghost" disabled={starting} onClick={() => perShot.close()}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={!plan || shotCount === 0 || starting}
            onClick={() => void run()}
            data-testid="confirm-per-shot-run"
          >
            {starting && <Spinner className="size-4" />}
            {shotCount === 0 ? "Run" : `Run for ${plural(shotCount, "shot")}`}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        {lists && lists.length === 0 ? (
          <p className="text-text-muted">
            This project has no shot list yet. Make one in the Shot Lists tab, then run the workflow for its shots.
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Field label="Shot list" htmlFor="per-shot-list">
              <Select
                id="per-shot-list"
                value={listId}
                onValueChange={setListId}
                placeholder={lists ? "Choose a shot list" : "Loading…"}
                disabled={!lists || starting}
                options={(lists ?? []).map((l) => ({
                  value: l.id,
                  label: `${l.name} (${plural(l.shotCount, "shot")})`,
                  disabled: !l.hasShots,
                }))}
              />
            </Field>
            <Field label="Scene" htmlFor="per-shot-scene">
              <Select
                id="per-shot-scene"
                value={sceneId}
                onValueChange={setSceneId}
                disabled={scenes.length < 2 || starting}
                options={[{ value: ALL_SCENES, label: "All scenes" }, ...scenes.map((s) => ({ value: s.id, label: s.title }))]}
              />
            </Field>
          </div>
        )}
        {error ? (
          <p role="alert" className="text-danger">
            {error}
          </p>
        ) : listId && !plan ? (
          <div className="flex items-center gap-2 text-text-muted">
            <Spinner className="size-4" /> Planning a lane for each shot…
          </div>
        ) : plan ? (
          <div className="flex flex-col gap-3" data-testid="per-shot-plan">
            <section aria-label="Shots">
              <h3 className="mb-1.5 text-xs font-medium uppercase tracking-wide text-text-subtle">
                {plural(plan.lanes.length, "lane")}, {plural(plan.nodesPerLane, "node")} each
              </h3>
              <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" data-testid="per-shot-lanes">
                {plan.lanes.map((lane) => (
                  <li key={lane.shotId} className="flex items-start justify-between gap-3 rounded-md bg-surface-2 px-2.5 py-1.5">
                    <span className="min-w-0">
                      <span className="font-medium text-text">Shot {lane.shotNumber}</span>
                      <span className="ml-2 text-xs text-text-subtle">{lane.sceneTitle}</span>
                      <span className="block truncate text-xs text-text-muted" title={lane.prompt}>
                        {lane.prompt}
                      </span>
                      {lane.skipped.length > 0 && (
                        <span className="block text-xs text-danger">{lane.skipped.map((s) => `${s.title}: ${s.reason}`).join("; ")}</span>
                      )}
                    </span>
                    <span className="shrink-0 text-xs tabular-nums text-text-muted">
                      {plural(lane.run.length, "run")} · {lane.credits} credits
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            {plan.skippedShots.length > 0 && (
              <p className="text-xs text-text-muted">
                Left out: {plan.skippedShots.map((s) => `Shot ${s.shotNumber} (${s.reason.toLowerCase()})`).join(", ")}
              </p>
            )}
            <div className="flex items-center justify-between border-t border-border pt-3 font-medium">
              <span>Total</span>
              <span data-testid="per-shot-credits" className="tabular-nums">
                {plan.credits} credits
              </span>
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

const choice = (shotListId: string, sceneId: string) => ({ shotListId, ...(sceneId === ALL_SCENES ? {} : { sceneId }) });
