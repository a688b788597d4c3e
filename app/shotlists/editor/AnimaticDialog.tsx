import { useEffect, useState } from "react";
import { Download, Film } from "lucide-react";
import type { AnimaticEstimate, AnimaticJob, AnimaticRequest } from "../../../domain/animatic/api";
import type { AnimaticVoiceSource } from "../../../domain/animatic/voices";
import type { Scene } from "../../../domain/shotlists/schema";
import { api } from "../../api/client";
import { Button, buttonClassName, Dialog, Field, Select, toast } from "../../ui";

export interface AnimaticDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  listId: string;
  scenes: readonly Scene[];
  /** Saves the list's pending edits first (the animatic is made from the saved shots); false stops it. */
  flush(): Promise<boolean>;
}

const ALL = "all";
const SIZES = [
  { value: "720p", label: "1280 × 720" },
  { value: "1080p", label: "1920 × 1080" },
];
const POLL_MS = 700;

/**
 * Make animatic: the shots in order, each held for its time, stills moved by their camera
 * movement, the lines spoken; a progress bar while it renders, then the film, playable here and saved on
 * the canvas.
 */
export function AnimaticDialog({ open, onOpenChange, listId, scenes, flush }: AnimaticDialogProps) {
  const [scene, setScene] = useState(ALL);
  const [size, setSize] = useState<"720p" | "1080p">("720p");
  const [captions, setCaptions] = useState(false);
  const [sceneCards, setSceneCards] = useState(true);
  const [voices, setVoices] = useState<AnimaticVoiceSource>("local");
  const [estimate, setEstimate] = useState<AnimaticEstimate | null>(null);
  const [job, setJob] = useState<AnimaticJob | null>(null);
  const [starting, setStarting] = useState(false);

  // What the chosen scenes will say, and whether ElevenLabs can say it (a key) and for how many credits.
  useEffect(() => {
    if (!open) return;
    let live = true;
    const body: AnimaticRequest = scene === ALL ? {} : { sceneId: scene };
    api<AnimaticEstimate>("POST", `/api/shot-lists/${listId}/animatic/estimate`, body).then(
      (e) => live && setEstimate(e),
      () => live && setEstimate(null),
    );
    return () => {
      live = false;
    };
  }, [open, listId, scene]);
  const eleven = estimate?.elevenlabs;
  useEffect(() => {
    if (eleven && !eleven.usable) setVoices("local");
  }, [eleven]);

  // Follows the render until it is done or failed.
  useEffect(() => {
    if (!job || job.status !== "running") return;
    const timer = setTimeout(() => {
      api<AnimaticJob>("GET", `/api/animatics/${job.id}`).then(setJob, (err: Error) =>
        setJob({ ...job, status: "failed", error: err.message }),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  useEffect(() => {
    if (job?.status === "done") toast.success("Animatic ready", { description: "It is on the canvas too." });
  }, [job?.status]);

  const start = async () => {
    setStarting(true);
    try {
      if (!(await flush())) {
        toast.error("Save the shot list before making an animatic", { description: "It is made from the saved shots." });
        return;
      }
      const body: AnimaticRequest = { size, captions, sceneCards, voices, ...(scene === ALL ? {} : { sceneId: scene }) };
      setJob(await api<AnimaticJob>("POST", `/api/shot-lists/${listId}/animatic`, body));
    } catch (err) {
      toast.error("Failed to start the animatic", { description: (err as Error).message });
    } finally {
      setStarting(false);
    }
  };

  const running = job?.status === "running";
  const close = (next: boolean) => {
    if (!next) setJob((j) => (j?.status === "running" ? j : null));
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Make animatic"
      description="The shots in order, each held for its time, stills moved by their camera movement and the lines spoken in each character's voice. Shots without images are held as titled cards."
      className="max-w-xl"
      footer={
        job?.status === "done" && job.url ? (
          <>
            <Button variant="ghost" onClick={() => setJob(null)}>
              Make another
            </Button>
            {job.timelineUrl && (
              <a
                className={buttonClassName("secondary")}
                href={job.timelineUrl}
                download="animatic-timeline.zip"
                title="OpenTimelineIO, Final Cut Pro XML (DaVinci Resolve, Premiere) and CMX 3600 EDL, with the media"
              >
                <Download className="size-4" aria-hidden /> Timeline for editors (.zip)
              </a>
            )}
            <a className={buttonClassName("primary")} href={job.url} download="animatic.mp4">
              <Download className="size-4" aria-hidden /> Download MP4
            </a>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={() => close(false)}>
              {running ? "Close (keeps rendering)" : "Cancel"}
            </Button>
            <Button variant="primary" onClick={() => void start()} loading={starting || running} disabled={running}>
              <Film aria-hidden /> {running ? "Rendering…" : "Make animatic"}
            </Button>
          </>
        )
      }
    >
      {job && job.status !== "failed" ? (
        <div className="flex flex-col gap-3" data-testid="animatic-job">
          {job.status === "done" && job.url ? (
            <video src={job.url} controls className="aspect-video w-full rounded-lg bg-black" data-testid="animatic-video" />
          ) : (
            <>
              <p className="text-sm text-text-muted">{job.step}…</p>
              <p className="text-xs text-text-muted">
                Its node is already on the canvas. Closing this keeps it rendering; the Queue panel can cancel it.
              </p>
              <div
                role="progressbar"
                aria-label="Animatic progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(job.progress * 100)}
                className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
              >
                <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(job.progress * 100)}%` }} />
              </div>
            </>
          )}
          {job.status === "done" && job.durationSeconds !== undefined && (
            <p className="text-xs text-text-muted">{job.durationSeconds.toFixed(1)} s · saved on the canvas</p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          {job?.status === "failed" && (
            <p role="alert" className="text-danger">
              {job.step === "Cancelled" ? "The animatic was cancelled." : `The animatic failed: ${job.error}`}
            </p>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field label="Scenes" htmlFor="animatic-scene">
              <Select
                id="animatic-scene"
                value={scene}
                onValueChange={setScene}
                options={[{ value: ALL, label: "All scenes" }, ...scenes.map((s, i) => ({ value: s.id, label: `${i + 1}. ${s.title}` }))]}
              />
            </Field>
            <Field label="Frame size" htmlFor="animatic-size">
              <Select id="animatic-size" value={size} onValueChange={(v) => setSize(v as "720p" | "1080p")} options={SIZES} />
            </Field>
          </div>
          <Field label="Voices" htmlFor="animatic-voices">
            <Select
              id="animatic-voices"
              value={voices}
              onValueChange={(v) => setVoices(v as AnimaticVoiceSource)}
              options={[
                { value: "local", label: "Local voices (offline, free)" },
                {
                  value: "elevenlabs",
                  label: !eleven
                    ? "ElevenLabs voices"
                    : eleven.usable
                      ? `ElevenLabs voices · ${eleven.credits ? `${eleven.credits.toLocaleString()} credits` : "on your key"}`
                      : `ElevenLabs voices (${eleven.reason})`,
                  disabled: !eleven?.usable,
                },
              ]}
            />
          </Field>
          {estimate && (
            <p className="-mt-2 text-xs text-text-muted" data-testid="animatic-lines">
              {estimate.lines === 0
                ? "No dialogue in these shots: the animatic has no voices."
                : `${estimate.lines === 1 ? "1 line" : `${estimate.lines} lines`} of dialogue, each character in a voice of their own.`}
            </p>
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="accent-[var(--color-accent)]"
              checked={sceneCards}
              onChange={(e) => setSceneCards(e.target.checked)}
            />{" "}
            Scene cards
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="accent-[var(--color-accent)]"
              checked={captions}
              onChange={(e) => setCaptions(e.target.checked)}
            />{" "}
            Burned-in captions of the dialogue
          </label>
        </div>
      )}
    </Dialog>
  );
}
