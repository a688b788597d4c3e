import { Download } from "lucide-react";
import type { AssetCard } from "../../domain/assets";
import { buttonClassName, Dialog } from "../ui";
import { assetDownloadUrl } from "./assetDownload";

/** An asset opened from its card: an image large, video and audio playing in place, text in full. */
export function AssetPreview({ card, projectId, onClose }: { card: AssetCard | null; projectId: string; onClose(): void }) {
  return (
    <Dialog
      open={!!card}
      onOpenChange={(open) => !open && onClose()}
      title={card?.title ?? ""}
      description={card?.prompt}
      className="max-w-5xl"
      footer={
        card && (
          <a href={assetDownloadUrl(projectId, card.nodeId)} download className={buttonClassName("primary")}>
            <Download className="size-4" /> Download
          </a>
        )
      }
    >
      {card && (
        <div data-testid="asset-preview" className="flex min-h-0 justify-center">
          {card.contentType === "image" ? (
            <img src={card.url} alt={card.title} className="max-h-[70dvh] w-full rounded-lg object-contain" />
          ) : card.contentType === "video" ? (
            <video src={card.url} controls autoPlay className="max-h-[70dvh] max-w-full rounded-lg" aria-label={`${card.title} (video)`} />
          ) : card.contentType === "audio" ? (
            <audio src={card.url} controls autoPlay className="w-full" aria-label={`${card.title} (audio)`} />
          ) : card.contentType === "text" ? (
            <p className="max-h-[60dvh] w-full overflow-y-auto whitespace-pre-wrap text-sm leading-relaxed text-text">{card.text}</p>
          ) : (
            <p className="text-sm text-text-muted">This asset has no preview here; download it to open it.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
