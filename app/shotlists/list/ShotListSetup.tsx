import { useState, type FormEvent } from "react";
import { Minus, Plus } from "lucide-react";
import {
  DEFAULT_SHOT_LIST_NAME,
  SHOT_COUNT_DEFAULT,
  SHOT_COUNT_MAX,
  SHOT_COUNT_MIN,
  SHOT_COUNT_PRESETS,
  SHOT_LIST_NAME_MAX,
} from "../../../domain/shotlists/constants";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import { Button, Field, IconButton, Input, cn } from "../../ui";

const clamp = (n: number) => Math.min(SHOT_COUNT_MAX, Math.max(SHOT_COUNT_MIN, Math.round(n)));

/**
 * spec (shell 2 "setup screen", 5 "Shot list setup"): name (default 'Shot list 1' or the chosen name) and a
 * number-of-shots stepper 1..100 with presets 6, 12, 24, 50 (default 6); Cancel and Create Shot List.
 */
export function ShotListSetup({
  initialName,
  busy,
  error,
  onCancel,
  onCreate,
}: {
  initialName?: string;
  busy: boolean;
  /** The server's refusal of the last try ('Failed to create shot list. Please try again.'). */
  error?: string | null;
  onCancel(): void;
  onCreate(input: { name: string; shots: number }): void;
}) {
  const [name, setName] = useState(initialName || DEFAULT_SHOT_LIST_NAME);
  // The field's text, so it can be empty while typing; the number is read from it.
  const [shotsText, setShotsText] = useState(String(SHOT_COUNT_DEFAULT));
  const [problem, setProblem] = useState<string | null>(null);
  const shots = Number(shotsText);

  const step = (delta: number) => setShotsText(String(clamp((Number.isFinite(shots) ? shots : SHOT_COUNT_DEFAULT) + delta)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem(SHOT_LIST_MESSAGES.nameRequired);
    if (!Number.isInteger(shots) || shots < SHOT_COUNT_MIN) return setProblem(SHOT_LIST_MESSAGES.atLeastOneShot);
    setProblem(null);
    onCreate({ name: name.trim(), shots: clamp(shots) });
  };

  return (
    <section className="mx-auto flex h-full max-w-lg flex-col justify-center px-6 py-10" data-testid="shotlist-setup">
      {/* noValidate: the spec's own alerts explain a missing name or count, not the browser's bubbles. */}
      <form onSubmit={submit} noValidate className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-6 shadow-lg">
        <div>
          <h1 className="text-xl font-semibold text-text">Create New Shot List</h1>
          <p className="mt-1 text-sm text-text-muted">
            Name it and choose how many shots to start with. You can add, remove and reorder shots later.
          </p>
        </div>
        <Field label="Shot list name" htmlFor="setup-name">
          <Input id="setup-name" value={name} maxLength={SHOT_LIST_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Number of shots" htmlFor="setup-shots" hint={`${SHOT_COUNT_MIN} to ${SHOT_COUNT_MAX} shots, in one scene`}>
          <div className="flex items-center gap-2">
            <IconButton label="Fewer shots" variant="secondary" disabled={shots <= SHOT_COUNT_MIN} onClick={() => step(-1)}>
              <Minus />
            </IconButton>
            <Input
              id="setup-shots"
              type="number"
              inputMode="numeric"
              min={SHOT_COUNT_MIN}
              max={SHOT_COUNT_MAX}
              value={shotsText}
              onChange={(e) => setShotsText(e.target.value)}
              // Above the maximum is brought back to it; below the minimum is left for the alert to explain.
              onBlur={() => Number.isFinite(shots) && shots > SHOT_COUNT_MAX && setShotsText(String(SHOT_COUNT_MAX))}
              className="w-24 text-center tabular-nums"
            />
            <IconButton label="More shots" variant="secondary" disabled={shots >= SHOT_COUNT_MAX} onClick={() => step(1)}>
              <Plus />
            </IconButton>
          </div>
        </Field>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
          {SHOT_COUNT_PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={shots === n}
              onClick={() => setShotsText(String(n))}
              className={cn(
                "rounded-full border px-3.5 py-1 text-sm transition-colors",
                shots === n
                  ? "border-accent bg-accent-soft text-accent"
                  : "border-border text-text-muted hover:border-border-strong hover:text-text",
              )}
            >
              {n} shots
            </button>
          ))}
        </div>
        {(problem ?? error) && (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {problem ?? error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create Shot List
          </Button>
        </div>
      </form>
    </section>
  );
}
