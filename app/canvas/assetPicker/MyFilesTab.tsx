import { useRef, useState, type DragEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderOpen, Music, Trash2, Upload } from "lucide-react";
import { ASSET_MESSAGES, filterAssets, formatFileSize, libraryKindOf, type LibraryAsset } from "../../../domain/assetLibrary";
import { Button, ConfirmDialog, IconButton, Skeleton, cn, toast } from "../../ui";
import { deleteFromLibrary, libraryKey, listLibrary, uploadToLibrary } from "./assetsApi";
import type { PickedAsset } from "./pickedAsset";
import { LoadFailed } from "./LoadFailed";
import { SelectableTile } from "./SelectableTile";

const TOAST_MS = 2000; // spec canvas 8: asset dialog toasts show for 2 s
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * My Files (spec canvas 2 "Assets dialog"): the user's library, upload by button or by dropping a file on
 * the grid (only the first file is taken), search by name or type, delete on hover.
 */
export function MyFilesTab({
  userId,
  search,
  isSelected,
  onToggle,
  onDeleted,
}: {
  userId: string | undefined;
  search: string;
  isSelected: (id: string) => boolean;
  onToggle: (picked: PickedAsset) => void;
  onDeleted: (id: string) => void;
}) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  /** The file whose delete waits for the user's yes (a library file cannot be brought back). */
  const [doomed, setDoomed] = useState<LibraryAsset | null>(null);
  // Loaded each time the dialog opens (spec canvas 4), not served from an old cache.
  const library = useQuery({ queryKey: libraryKey, queryFn: () => listLibrary(userId), refetchOnMount: "always", staleTime: 0 });

  const upload = useMutation({
    mutationFn: (file: File) => uploadToLibrary(file, userId),
    onMutate: () => setInlineError(null),
    onSuccess: () => {
      toast.success(ASSET_MESSAGES.uploaded, { description: ASSET_MESSAGES.uploadedDescription, duration: TOAST_MS });
      return qc.invalidateQueries({ queryKey: libraryKey });
    },
    onError: (err) => {
      setInlineError(`${ASSET_MESSAGES.uploadFailed}: ${errorText(err)}`);
      toast.error(ASSET_MESSAGES.uploadFailed, { description: errorText(err) || ASSET_MESSAGES.uploadFailedToast, duration: TOAST_MS });
    },
  });

  const remove = useMutation({
    mutationFn: (asset: LibraryAsset) => deleteFromLibrary(asset.id, userId),
    onMutate: () => setInlineError(null),
    onSettled: () => setDoomed(null),
    onSuccess: (_r, asset) => {
      onDeleted(asset.id);
      toast.success(ASSET_MESSAGES.deleted, { description: asset.filename, duration: TOAST_MS });
      return qc.invalidateQueries({ queryKey: libraryKey });
    },
    onError: (err) => {
      setInlineError(`${ASSET_MESSAGES.deleteFailed}: ${errorText(err)}`);
      toast.error(ASSET_MESSAGES.deleteFailed, { description: errorText(err), duration: TOAST_MS });
    },
  });

  // spec canvas 5: with no user or no file nothing happens.
  const start = (file: File | undefined) => {
    if (file && userId && !upload.isPending) upload.mutate(file);
  };

  const onDrop = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files[0]);
  };

  const shown = filterAssets(library.data ?? [], search);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={`Delete ${doomed?.filename ?? "file"}?`}
        message="It leaves My Files for good. Nodes that already show it keep their copy."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed)}
      />
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()} disabled={!userId}>
          {!upload.isPending && <Upload aria-hidden />}
          {upload.isPending ? "Uploading..." : "Upload Files"}
        </Button>
        <span className="text-xs text-text-subtle">Images, video or audio, up to 50 MB. Or drop a file on the grid.</span>
        <input
          ref={input}
          type="file"
          accept="image/*,video/*,audio/*"
          className="hidden"
          data-testid="asset-file-input"
          onChange={(e) => {
            start(e.currentTarget.files?.[0]);
            e.currentTarget.value = ""; // the same file may be picked again later
          }}
        />
      </div>
      {inlineError && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
          {inlineError}
        </p>
      )}
      <div
        className={cn(
          "relative min-h-0 flex-1 overflow-y-auto rounded-lg",
          dragging && "outline-2 -outline-offset-2 outline-dashed outline-accent/70",
        )}
        data-testid="my-files-grid"
        onDragEnter={(e) => e.dataTransfer.types.includes("Files") && setDragging(true)}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "copy";
          if (!dragging) setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        {library.isPending ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Loading files">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} data-testid="asset-skeleton">
                <Skeleton className="aspect-[4/3] w-full" />
                <Skeleton className="mt-2 h-3 w-2/3" />
              </li>
            ))}
          </ul>
        ) : library.isError ? (
          <LoadFailed message={ASSET_MESSAGES.loadFailed} detail={errorText(library.error)} onRetry={() => void library.refetch()} />
        ) : shown.length === 0 ? (
          <div className="flex h-full min-h-56 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border px-6 text-center">
            <FolderOpen className="size-8 text-text-subtle" aria-hidden />
            {library.data.length === 0 ? (
              <>
                <p className="text-sm font-medium text-text">No files uploaded</p>
                <p className="text-xs text-text-muted">Upload images, video or audio, or drop a file here, to reuse them on any canvas.</p>
              </>
            ) : (
              <p className="text-sm text-text-muted">No files match “{search.trim()}”</p>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="My files">
            {shown.map((asset) => (
              <SelectableTile
                key={asset.id}
                testId="library-asset"
                label={`Select ${asset.filename}`}
                selected={isSelected(asset.id)}
                onToggle={() => onToggle({ source: "library", asset })}
                preview={<LibraryPreview asset={asset} />}
                caption={
                  <>
                    <p className="truncate font-medium text-text" title={asset.filename}>
                      {asset.filename}
                    </p>
                    <p className="text-text-subtle">{formatFileSize(asset.size)}</p>
                  </>
                }
                actions={
                  <IconButton
                    label={`Delete ${asset.filename}`}
                    size="sm"
                    variant="secondary"
                    className="bg-surface/90 hover:text-danger"
                    disabled={remove.isPending && remove.variables?.id === asset.id}
                    onClick={() => setDoomed(asset)}
                  >
                    <Trash2 aria-hidden />
                  </IconButton>
                }
              />
            ))}
          </ul>
        )}
        {dragging && (
          <div
            className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-lg bg-bg/70"
            data-testid="asset-drop-overlay"
          >
            <span className="rounded-lg bg-surface px-4 py-2 text-sm font-medium text-text shadow-lg">Drop your file here</span>
          </div>
        )}
      </div>
    </div>
  );
}

function LibraryPreview({ asset }: { asset: LibraryAsset }) {
  const kind = libraryKindOf(asset.contentType);
  if (kind === "image") return <img src={asset.url} alt="" loading="lazy" draggable={false} className="h-full w-full object-cover" />;
  if (kind === "video")
    return <video src={asset.url} muted preload="metadata" className="pointer-events-none h-full w-full object-cover" />;
  return (
    <span className="flex h-full w-full items-center justify-center text-text-muted">
      <Music className="size-8" aria-hidden />
    </span>
  );
}
