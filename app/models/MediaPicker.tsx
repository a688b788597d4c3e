import { Check, Music } from "lucide-react";
import type { MediaKind } from "../../domain/generation/modelParamForm";
import { cn } from "../ui";
import type { ContextMediaItem } from "./paramValues";

export interface MediaPickerProps {
  /** Base id; the group is labelled by `${id}-label`. */
  id: string;
  accepts: readonly MediaKind[];
  multiple: boolean;
  /** A URL, or a list of URLs for a list input. */
  value: unknown;
  /** Showing the connected context's auto-fill rather than a hand-picked item. */
  autoFilled: boolean;
  context: readonly ContextMediaItem[];
  describedBy?: string;
  disabled?: boolean;
  onChange(value: string | string[]): void;
}

const KIND_WORD: Readonly<Record<MediaKind, string>> = { image: "Image", video: "Video", audio: "Audio" };

function kindList(accepts: readonly MediaKind[]): string {
  const joined = accepts.length > 1 ? `${accepts.slice(0, -1).join(", ")} or ${accepts[accepts.length - 1]}` : (accepts[0] ?? "media");
  return `${/^[aeiou]/.test(joined) ? "an" : "a"} ${joined}`;
}

const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" && v ? [v] : [];

function Thumb({ type, url }: { type: string; url: string }) {
  if (type === "video") return <video src={url} muted preload="metadata" className="h-full w-full object-cover" />;
  if (type === "audio") return <Music aria-hidden="true" className="size-5 text-text-muted" />;
  return <img src={url} alt="" loading="lazy" className="h-full w-full object-cover" />;
}

/**
 * A media input (spec canvas 5): thumbnails of the connected context items this input accepts, one to
 * choose (radio buttons) or several (checkboxes) for a list input. Native inputs give the arrow keys and
 * Space for free. A value that is not among the connected items (its node was disconnected) stays listed.
 */
export function MediaPicker({ id, accepts, multiple, value, autoFilled, context, describedBy, disabled, onChange }: MediaPickerProps) {
  const chosen = asList(value);
  const candidates = context.filter(
    (item): item is ContextMediaItem & { url: string } => !!item.url && (accepts as readonly string[]).includes(item.type),
  );
  const urls = new Set(candidates.map((c) => c.url));
  const orphans = chosen.filter((url) => !urls.has(url)).map((url) => ({ nodeId: "", type: accepts[0] ?? "image", url, orphan: true }));
  const tiles = [...candidates.map((c) => ({ ...c, orphan: false })), ...orphans];
  const counts: Record<string, number> = {};
  const names = tiles.map((t) => {
    if (t.orphan) return `Earlier ${t.type}`;
    counts[t.type] = (counts[t.type] ?? 0) + 1;
    return `${KIND_WORD[t.type as MediaKind] ?? t.type} ${counts[t.type]}`;
  });

  if (tiles.length === 0) {
    return (
      <p id={id} className="rounded-md border border-dashed border-border px-3 py-2 text-xs text-text-muted" aria-describedby={describedBy}>
        Connect {kindList(accepts)} node to fill this in.
      </p>
    );
  }

  const toggle = (url: string) => {
    if (!multiple) return onChange(url);
    // Keep the connected order, whatever order they were ticked in.
    const next = chosen.includes(url) ? chosen.filter((u) => u !== url) : [...chosen, url];
    onChange(tiles.map((t) => t.url).filter((u) => next.includes(u)));
  };

  return (
    <div
      role={multiple ? "group" : "radiogroup"}
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      className="flex flex-col gap-1.5"
    >
      <div className="flex flex-wrap gap-2">
        {tiles.map((tile, i) => {
          const on = chosen.includes(tile.url);
          return (
            <label
              key={`${tile.url}-${i}`}
              title={tile.orphan ? `${tile.url} (no longer connected)` : tile.url}
              className={cn(
                "relative flex size-16 cursor-pointer items-center justify-center overflow-hidden rounded-md border-2 bg-surface-2",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus",
                on ? "border-accent" : "border-border hover:border-border-strong",
                disabled && "cursor-not-allowed opacity-50",
                tile.orphan && "border-dashed",
              )}
            >
              <input
                type={multiple ? "checkbox" : "radio"}
                name={id}
                aria-label={names[i]}
                checked={on}
                disabled={disabled}
                onChange={() => toggle(tile.url)}
                className="sr-only"
              />
              <Thumb type={tile.type} url={tile.url} />
              {on && (
                <span
                  aria-hidden="true"
                  className="absolute right-0.5 top-0.5 inline-flex size-4 items-center justify-center rounded-full bg-accent text-accent-fg"
                >
                  <Check className="size-3" />
                </span>
              )}
            </label>
          );
        })}
      </div>
      {autoFilled && <span className="text-2xs text-text-subtle">Filled from connected context</span>}
    </div>
  );
}
