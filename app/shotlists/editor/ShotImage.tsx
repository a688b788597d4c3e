import { useRef } from "react";
import { Clapperboard, ImageUp, Sparkles, X } from "lucide-react";
import type { Shot } from "../../../domain/shotlists/schema";
import { Button, IconButton, Spinner } from "../../ui";
import type { ShotImageState } from "./useShotActions";

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

/** A shot's image (16:9) with upload, generate (and its cost) and clear. */
export function ShotImage({
  shot,
  state,
  readOnly,
  costCredits,
  onUpload,
  onGenerate,
  onClear,
}: {
  shot: Shot;
  state: ShotImageState;
  readOnly: boolean;
  costCredits: number | null | undefined;
  onUpload(file: File): void;
  onGenerate(): void;
  onClear(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const label = `Shot ${shot.shotNumber}`;
  const busy = state !== "idle";
  return (
    <div className="flex flex-col gap-2">
      <div className="relative aspect-video overflow-hidden rounded-lg border border-border bg-surface-2">
        {shot.image ? (
          <img src={shot.image} alt={`${label} image`} className="size-full object-cover" loading="lazy" draggable={false} />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1.5 text-text-subtle">
            <Clapperboard className="size-6" aria-hidden />
            <span className="text-xs">No image yet</span>
          </div>
        )}
        {(state === "uploading" || state === "generating") && (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-bg/70 text-sm text-text backdrop-blur-[1px]"
          >
            <Spinner />
            {state === "uploading" ? "Uploading..." : "Generating..."}
          </div>
        )}
        {shot.image && !readOnly && !busy && (
          <IconButton
            label={`Clear ${label} image`}
            size="sm"
            variant="secondary"
            className="absolute right-2 top-2 bg-bg/70"
            onClick={onClear}
          >
            <X />
          </IconButton>
        )}
      </div>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-1.5">
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="hidden"
            data-testid="shot-image-input"
            aria-label={`Choose an image for ${label}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) onUpload(file);
            }}
          />
          <Button
            size="sm"
            variant="secondary"
            className="flex-1"
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-label={`Upload image for ${label}`}
          >
            <ImageUp /> Upload
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="flex-1"
            disabled={busy}
            onClick={onGenerate}
            aria-label={`Generate image for ${label}${costCredits != null ? ` (${costCredits} credits)` : ""}`}
          >
            <Sparkles /> Generate
            {costCredits != null && <span className="rounded bg-surface-3 px-1.5 py-px text-2xs text-text-muted">{costCredits} cr</span>}
          </Button>
        </div>
      )}
    </div>
  );
}
