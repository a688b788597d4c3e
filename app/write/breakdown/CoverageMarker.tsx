import { Clapperboard } from "lucide-react";
import type { CoveringShot } from "../../../domain/breakdown/api";
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from "../../ui";

const MARKER =
  "absolute right-[0.25in] flex h-5 items-center gap-1 rounded-full border border-border-strong bg-surface px-1.5 font-sans text-2xs text-text-muted " +
  "hover:border-accent hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent";

/**
 * The small marker beside a script line that shots cover ("click → the shot"). One shot opens
 * at once; several open a menu of them.
 */
export function CoverageMarker({ shots, top, onOpen }: { shots: readonly CoveringShot[]; top: number; onOpen(shotId: string): void }) {
  const label = shots.length === 1 ? shots[0]!.label : `${shots.length} shots cover this line`;
  const face = (
    <>
      <Clapperboard className="size-3" aria-hidden />
      {/* The first shot's number, and how many more cover the line */}#{shots[0]!.shotNumber}
      {shots.length > 1 && <span className="text-text-subtle">+{shots.length - 1}</span>}
    </>
  );
  if (shots.length === 1) {
    return (
      <button
        type="button"
        className={MARKER}
        style={{ top: top + 2 }}
        title={label}
        aria-label={label}
        data-testid="coverage-marker"
        onClick={() => onOpen(shots[0]!.shotId)}
      >
        {face}
      </button>
    );
  }
  return (
    <Menu>
      <MenuTrigger asChild>
        <button type="button" className={MARKER} style={{ top: top + 2 }} title={label} aria-label={label} data-testid="coverage-marker">
          {face}
        </button>
      </MenuTrigger>
      <MenuContent align="end">
        <MenuLabel>Shots covering this line</MenuLabel>
        {shots.map((s) => (
          <MenuItem key={s.shotId} onSelect={() => onOpen(s.shotId)}>
            {s.label}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
