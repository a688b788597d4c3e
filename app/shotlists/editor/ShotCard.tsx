import { memo, useRef } from "react";
import { GripVertical, Send, Trash2 } from "lucide-react";
import {
  CAMERA_HEIGHTS,
  DUTCH_ANGLES,
  FOCUS_DEPTHS,
  FRAMINGS,
  LONG_TEXT_MAX,
  MOVEMENTS,
  SHORT_TEXT_MAX,
  SHOT_SIZES,
} from "../../../domain/shotlists/constants";
import type { Shot, ShotFields } from "../../../domain/shotlists/schema";
import { IconButton, Spinner, cn } from "../../ui";
import { InlineText } from "./InlineText";
import { ShotFieldSelect } from "./ShotFieldSelect";
import { ShotImage } from "./ShotImage";
import { ShotScriptLines } from "./ShotScriptLines";
import { HoldField } from "./HoldField";
import { pendingChanges, type LineChange } from "../../../domain/breakdown/scriptLink";
import type { ShotImageState } from "./useShotActions";

export interface ShotCardProps {
  shot: Shot;
  sceneId: string;
  index: number;
  readOnly: boolean;
  imageState: ShotImageState;
  costCredits: number | null | undefined;
  dragging: boolean;
  dropTarget: boolean;
  /** From useShotReorder: the handle's drag props, the card's drop props and its Alt+Arrow handler. */
  handleProps(card: () => HTMLElement | null): object;
  dropProps: object;
  onKeyDown(e: React.KeyboardEvent): void;
  onChange(shotId: string, fields: Partial<ShotFields>): void;
  onDelete(shot: Shot): void;
  onUpload(shot: Shot, file: File): void;
  onGenerate(shot: Shot): void;
  onClear(shot: Shot): void;
  onToCanvas(shot: Shot): void;
  /** What changed in the script lines this shot covers (a list made by a breakdown). */
  scriptChanges: readonly LineChange[] | undefined;
  onAcknowledge(shot: Shot, changes: readonly LineChange[]): void;
  /** Briefly ringed: the shot a script line's marker opened. */
  highlighted: boolean;
}

/** One shot: number, image and its actions, and every field of the spec editable in place. */
export const ShotCard = memo(function ShotCard(p: ShotCardProps) {
  const { shot, readOnly } = p;
  const card = useRef<HTMLElement>(null);
  const label = `Shot ${shot.shotNumber}`;
  const set = (fields: Partial<ShotFields>) => p.onChange(shot.id, fields);
  const changes = pendingChanges(shot, p.scriptChanges);
  return (
    <article
      ref={card}
      role="group"
      aria-label={label}
      data-testid="shot-card"
      data-shot-id={shot.id}
      onKeyDown={p.onKeyDown}
      {...p.dropProps}
      className={cn(
        "flex flex-col gap-3 rounded-xl border bg-surface p-3 shadow-sm transition-[border-color,opacity,box-shadow]",
        p.dropTarget ? "border-accent shadow-[0_0_0_1px_var(--color-accent)]" : "border-border",
        p.dragging && "opacity-40",
        p.highlighted && "border-accent shadow-[0_0_0_3px_var(--color-accent)]",
      )}
    >
      <header className="flex items-center gap-1.5">
        {!readOnly && (
          <button
            type="button"
            data-shot-handle={shot.id}
            aria-label={`Reorder ${label}: drag, or press Alt+Arrow Up or Down`}
            title="Drag to reorder (Alt+↑/↓)"
            className="-ml-1 flex size-7 cursor-grab items-center justify-center rounded-md text-text-subtle hover:bg-surface-2 hover:text-text active:cursor-grabbing"
            {...p.handleProps(() => card.current)}
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        )}
        <span className="rounded-md bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent" data-testid="shot-number">
          {label}
        </span>
        {!readOnly && (
          <div className="ml-auto flex items-center gap-0.5">
            <IconButton
              label={`Export ${label} to canvas`}
              size="sm"
              disabled={p.imageState !== "idle"}
              onClick={() => p.onToCanvas(shot)}
              className={shot.image ? "text-text" : undefined}
            >
              {p.imageState === "exporting" ? <Spinner size={14} /> : <Send />}
            </IconButton>
            <IconButton label={`Delete ${label}`} size="sm" onClick={() => p.onDelete(shot)}>
              <Trash2 />
            </IconButton>
          </div>
        )}
      </header>
      <ShotImage
        shot={shot}
        state={p.imageState}
        readOnly={readOnly}
        costCredits={p.costCredits}
        onUpload={(f) => p.onUpload(shot, f)}
        onGenerate={() => p.onGenerate(shot)}
        onClear={() => p.onClear(shot)}
      />
      <div className="-mx-2 flex flex-col">
        <InlineText
          label={`${label} description`}
          value={shot.description}
          multiline
          maxLength={LONG_TEXT_MAX}
          readOnly={readOnly}
          onCommit={(description) => set({ description })}
        />
        <InlineText
          label={`${label} subject`}
          value={shot.subject}
          maxLength={SHORT_TEXT_MAX}
          readOnly={readOnly}
          onCommit={(subject) => set({ subject })}
          className="text-text-muted"
        />
      </div>
      <div className="grid grid-cols-2 gap-x-2 gap-y-2">
        <ShotFieldSelect
          label="Shot size"
          shotLabel={label}
          value={shot.shotSize}
          options={SHOT_SIZES}
          readOnly={readOnly}
          onChange={(v) => v && set({ shotSize: v })}
          className="col-span-2"
        />
        <ShotFieldSelect
          label="Shot type"
          shotLabel={label}
          value={shot.shotType}
          options={FRAMINGS}
          readOnly={readOnly}
          onChange={(v) => v && set({ shotType: v })}
        />
        <ShotFieldSelect
          label="Movement"
          shotLabel={label}
          value={shot.movement}
          options={MOVEMENTS}
          readOnly={readOnly}
          onChange={(v) => v && set({ movement: v })}
        />
        <ShotFieldSelect
          label="Camera height"
          shotLabel={label}
          value={shot.cameraHeight}
          options={CAMERA_HEIGHTS}
          optional
          readOnly={readOnly}
          onChange={(cameraHeight) => set({ cameraHeight })}
        />
        <ShotFieldSelect
          label="Dutch angle"
          shotLabel={label}
          value={shot.dutchAngle}
          options={DUTCH_ANGLES}
          optional
          readOnly={readOnly}
          onChange={(dutchAngle) => set({ dutchAngle })}
        />
        <ShotFieldSelect
          label="Framing"
          shotLabel={label}
          value={shot.framing}
          options={FRAMINGS}
          optional
          readOnly={readOnly}
          onChange={(framing) => set({ framing })}
        />
        <ShotFieldSelect
          label="Focus"
          shotLabel={label}
          value={shot.focusDepthOfField}
          options={FOCUS_DEPTHS}
          optional
          readOnly={readOnly}
          onChange={(focusDepthOfField) => set({ focusDepthOfField })}
        />
        <HoldField shotLabel={label} value={shot.seconds} readOnly={readOnly} onChange={(seconds) => set({ seconds })} />
      </div>
      {shot.script && (
        <ShotScriptLines link={shot.script} changes={changes} readOnly={readOnly} onAcknowledge={() => p.onAcknowledge(shot, changes)} />
      )}
    </article>
  );
});
