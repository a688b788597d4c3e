import { memo } from "react";
import { Clapperboard, Play, Trash2 } from "lucide-react";
import { mediaKindOfUrl } from "../../../domain/preview";
import { formatWriteEdited } from "../../../domain/relativeTime";
import type { ShotListSummary } from "../../../domain/shotlists/schema";
import { IconButton } from "../../ui";

/** A shot list's card (spec: shell 2 "Shot lists list"): first shot image (or video), name, whether it has shots. */
export const ShotListCard = memo(function ShotListCard({
  list,
  now,
  canEdit,
  onOpen,
  onDelete,
}: {
  list: ShotListSummary;
  now: number;
  canEdit: boolean;
  onOpen(id: string): void;
  onDelete(list: ShotListSummary): void;
}) {
  const name = list.name || "Untitled Shot List";
  const isVideo = list.firstImage ? mediaKindOfUrl(list.firstImage) === "video" : false;
  return (
    <article
      className="group relative overflow-hidden rounded-xl border border-border bg-surface transition hover:border-text-muted/40"
      data-testid="shotlist-card"
    >
      <button type="button" onClick={() => onOpen(list.id)} className="flex w-full flex-col text-left" aria-label={`Open ${name}`}>
        <div className="relative aspect-video overflow-hidden bg-surface-2">
          {list.firstImage && isVideo ? (
            <>
              <video
                src={list.firstImage}
                muted
                preload="metadata"
                className="size-full object-cover"
                onError={(e) => console.warn("shot list preview failed", e)}
              />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-11 items-center justify-center rounded-full bg-bg/70 text-text">
                  <Play className="size-5 translate-x-px" aria-label="Video" />
                </span>
              </span>
            </>
          ) : list.firstImage ? (
            <img src={list.firstImage} alt="" className="size-full object-cover" loading="lazy" />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 text-text-subtle">
              <Clapperboard className="size-8" aria-hidden />
              <span className="text-sm font-medium">Shot List</span>
            </div>
          )}
        </div>
        <div className="px-4 py-3">
          <h3 className="truncate pr-8 font-medium text-text">{name}</h3>
          <p className="text-xs text-text-muted">
            {list.hasShots ? "Has shots" : "No shots yet"}
            {list.hasShots && ` · ${list.shotCount} ${list.shotCount === 1 ? "shot" : "shots"}`} · {formatWriteEdited(list.updatedAt, now)}
          </p>
        </div>
      </button>
      {canEdit && (
        <IconButton
          label={`Delete ${name}`}
          size="sm"
          className="absolute bottom-3 right-3 opacity-60 group-hover:opacity-100"
          onClick={() => onDelete(list)}
        >
          <Trash2 />
        </IconButton>
      )}
    </article>
  );
});
