import { memo } from "react";
import { Box, Download, FileText, Music, Play } from "lucide-react";
import type { AssetCard } from "../../domain/assets";
import { buttonClassName } from "../ui";
import { assetDownloadUrl } from "./assetDownload";

/** One card of the Assets screen: a click (or Enter) opens its preview; the arrow downloads it under its name. */
export const AssetTile = memo(function AssetTile({
  card,
  projectId,
  onOpen,
}: {
  card: AssetCard;
  projectId: string;
  onOpen(card: AssetCard): void;
}) {
  const Icon = card.contentType === "audio" ? Music : card.contentType === "model" ? Box : FileText;
  return (
    <li className="overflow-hidden rounded-xl border border-border bg-surface" data-testid="asset-card" data-kind={card.contentType}>
      <button
        type="button"
        onClick={() => onOpen(card)}
        aria-label={`Preview ${card.title}`}
        className="relative flex aspect-video w-full items-center justify-center bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
      >
        {card.contentType === "image" ? (
          <img src={card.thumbnailUrl ?? card.url} alt={card.title} loading="lazy" className="h-full w-full object-cover" />
        ) : card.contentType === "video" ? (
          <>
            <video src={card.url} muted preload="metadata" className="h-full w-full object-cover" />
            <Play className="absolute size-8 rounded-full bg-black/60 p-2 text-white" aria-hidden />
          </>
        ) : card.contentType === "text" ? (
          <p className="line-clamp-5 h-full w-full overflow-hidden whitespace-pre-wrap p-3 text-left text-sm text-text">{card.text}</p>
        ) : (
          <Icon className="size-8 text-text-muted" aria-hidden />
        )}
      </button>
      <div className="flex items-center gap-2 px-3 py-2">
        <span className="min-w-0 flex-1 truncate text-sm text-text" title={card.title}>
          {card.title}
        </span>
        <a
          href={assetDownloadUrl(projectId, card.nodeId)}
          download
          aria-label={`Download ${card.title}`}
          className={buttonClassName("ghost", "sm")}
        >
          <Download className="size-4" />
        </a>
      </div>
    </li>
  );
});
