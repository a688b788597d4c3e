import { useEffect, useRef } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ExternalLink, ImageOff, KeyRound } from "lucide-react";
import { ASSET_MESSAGES, STOCK_SCROLL_TRIGGER_PX, type StockAsset } from "../../../domain/assetLibrary";
import { Skeleton, toast } from "../../ui";
import { searchStock, stockKey, stockStatus, stockStatusKey } from "./assetsApi";
import type { PickedAsset } from "./pickedAsset";
import { SelectableTile } from "./SelectableTile";
import { LoadFailed } from "./LoadFailed";

/**
 * Stock photos from Unsplash (spec canvas 2, 9): pages of 50 asked for, the next page loaded when the
 * scroll comes within 200 px of the bottom, every photo credited to its author with links back.
 */
export function StockTab({
  query,
  isSelected,
  onToggle,
}: {
  query: string;
  isSelected: (id: string) => boolean;
  onToggle: (picked: PickedAsset) => void;
}) {
  const status = useQuery({ queryKey: stockStatusKey, queryFn: stockStatus, staleTime: 60_000 });
  if (status.isPending) return <StockSkeletons />;
  if (status.data && !status.data.enabled) return <StockDisabledNote />;
  return <StockResults query={query} isSelected={isSelected} onToggle={onToggle} />;
}

function StockResults({
  query,
  isSelected,
  onToggle,
}: {
  query: string;
  isSelected: (id: string) => boolean;
  onToggle: (picked: PickedAsset) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const photos = useInfiniteQuery({
    queryKey: stockKey(query),
    queryFn: ({ pageParam }) => searchStock(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError, error } = photos;

  useEffect(() => {
    if (isError)
      toast.error(ASSET_MESSAGES.stockLoadFailed, { description: error instanceof Error ? error.message : undefined, duration: 2000 });
  }, [isError, error]);

  const loadMoreIfNear = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= STOCK_SCROLL_TRIGGER_PX) void fetchNextPage();
  };
  // A first page that does not fill the grid cannot be scrolled: check again after each page arrives.
  useEffect(loadMoreIfNear, [photos.data, hasNextPage, isFetchingNextPage]); // eslint-disable-line react-hooks/exhaustive-deps

  // Unsplash may repeat a photo across pages of its editorial feed; a grid key must be unique.
  const seen = new Set<string>();
  const items = (photos.data?.pages ?? [])
    .flatMap((p) => p.data)
    .filter((a) => {
      if (seen.has(a.id)) return false;
      seen.add(a.id);
      return true;
    });

  return (
    <div ref={scroller} onScroll={loadMoreIfNear} className="min-h-0 flex-1 overflow-y-auto rounded-lg" data-testid="stock-grid">
      {photos.isPending ? (
        <StockSkeletons />
      ) : photos.isError && items.length === 0 ? (
        <LoadFailed
          message={ASSET_MESSAGES.stockLoadFailed}
          detail={error instanceof Error ? error.message : null}
          onRetry={() => void photos.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="flex min-h-56 flex-col items-center justify-center gap-2 text-center">
          <ImageOff className="size-8 text-text-subtle" aria-hidden />
          <p className="text-sm font-medium text-text">No images found</p>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Stock photos">
            {items.map((photo) => (
              <SelectableTile
                key={photo.id}
                testId="stock-asset"
                label={`Select ${photo.description || photo.attribution}`}
                selected={isSelected(photo.id)}
                onToggle={() => onToggle({ source: "stock", asset: photo })}
                preview={
                  <img
                    src={photo.thumb}
                    alt={photo.description}
                    loading="lazy"
                    draggable={false}
                    className="h-full w-full object-cover"
                    style={{ backgroundColor: photo.color }}
                  />
                }
                caption={<Attribution photo={photo} />}
              />
            ))}
          </ul>
          {isFetchingNextPage && (
            <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Loading more photos">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="aspect-[4/3] w-full" />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** Unsplash's attribution: "Photo by {author} on Unsplash", both linked, plus 'View on Unsplash'. */
function Attribution({ photo }: { photo: StockAsset }) {
  const link = "text-text underline decoration-text-subtle underline-offset-2 hover:decoration-text";
  return (
    <>
      {/* Wraps to a second line rather than cutting the credit short. */}
      <p className="line-clamp-2 min-h-[2lh] break-words text-text-muted" title={photo.attribution}>
        Photo by{" "}
        <a href={photo.author_url} target="_blank" rel="noopener noreferrer" className={link}>
          {photo.author}
        </a>{" "}
        on{" "}
        <a href={photo.unsplash_url} target="_blank" rel="noopener noreferrer" className={link}>
          Unsplash
        </a>
      </p>
      <a
        href={photo.unsplash_url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-0.5 inline-flex items-center gap-1 text-text-subtle hover:text-text"
      >
        View on Unsplash <ExternalLink className="size-3" aria-hidden />
      </a>
    </>
  );
}

function StockDisabledNote() {
  return (
    <div
      className="flex min-h-56 flex-1 flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-8 text-center"
      data-testid="stock-disabled"
    >
      <KeyRound className="size-8 text-text-subtle" aria-hidden />
      <p className="text-sm font-medium text-text">Stock photos are not enabled on this studio</p>
      <p className="max-w-md text-xs leading-relaxed text-text-muted">
        To browse Unsplash here, create a free access key at unsplash.com/developers, set it as{" "}
        <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-text">UNSPLASH_ACCESS_KEY</code> in the studio's environment, and
        restart the studio.
      </p>
    </div>
  );
}

function StockSkeletons() {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Loading photos">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i}>
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="mt-2 h-3 w-3/4" />
        </li>
      ))}
    </ul>
  );
}
