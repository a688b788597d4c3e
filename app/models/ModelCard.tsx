import { PROVIDER_LABELS } from "../../domain/providers/registry";
import { Check, Crown, Lock, Sparkles } from "lucide-react";
import { Link, useLocation } from "react-router";
import { summary, visibleFeatureTags } from "../../domain/generation/catalogue";
import { type Model } from "../../domain/generation/modelTypes";
import { cn } from "../ui";
import { ProviderLogo } from "./ProviderLogo";
import { costLabel, costNote } from "./modelCost";

/** A model the server says cannot run now (its provider has no key); older answers without the flag are usable. */
export const isUsable = (model: Pick<Model, "usable">): boolean => model.usable !== false;

export const LOCKED_FALLBACK = "Not available yet";

export interface ModelCardProps {
  id: string;
  model: Model;
  credits: number;
  /** The keyboard's current card (aria-activedescendant of the search box). */
  active: boolean;
  /** The node's current model. */
  current: boolean;
  onPick(): void;
  onHover(): void;
}

/**
 * One card of the model picker (spec canvas 2 "Model picker overlay"): provider logo, name, Premium and New
 * badges, 'inputs → outputs' and the provider, up to two feature tags and '+N more', and the cost. A locked
 * model is dimmed, says why, links to Settings and cannot be picked.
 */
export function ModelCard({ id, model, credits, active, current, onPick, onHover }: ModelCardProps) {
  const here = useLocation();
  const usable = isUsable(model);
  const { tags, more } = visibleFeatureTags(model);
  const nameId = `${id}-name`;
  const detailId = `${id}-detail`;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={usable ? undefined : true}
      aria-labelledby={nameId}
      aria-describedby={detailId}
      data-model-id={model.id}
      data-active={active || undefined}
      data-locked={usable ? undefined : true}
      // Keep focus in the search box so the arrow keys keep working after a click.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={onHover}
      onClick={() => usable && onPick()}
      className={cn(
        "group relative flex gap-3 rounded-lg border px-3 py-2.5 transition-colors duration-100",
        usable ? "cursor-pointer" : "cursor-not-allowed",
        current ? "border-accent/60 bg-accent-soft" : "border-border bg-surface-2",
        active && "outline-2 outline-offset-1 outline-focus",
        active && usable && !current && "bg-surface-3",
      )}
    >
      <ProviderLogo provider={model.provider} className={cn(!usable && "opacity-50 grayscale")} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className={cn("flex min-w-0 items-center gap-1.5", !usable && "opacity-55")}>
          <span id={nameId} className="truncate text-sm font-medium text-text">
            {model.name}
          </span>
          {model.isPremium && (
            <span className="inline-flex shrink-0 items-center gap-0.5 rounded bg-accent-soft px-1.5 py-px text-2xs font-semibold text-accent">
              <Crown aria-hidden="true" className="size-3" />
              Premium
            </span>
          )}
          {model.isNew && (
            <span className="inline-flex shrink-0 items-center gap-0.5 rounded bg-success-soft px-1.5 py-px text-2xs font-semibold text-success">
              <Sparkles aria-hidden="true" className="size-3" />
              New
            </span>
          )}
          {current && (
            <span className="ml-auto inline-flex shrink-0 items-center gap-0.5 text-2xs font-medium text-accent">
              <Check aria-hidden="true" className="size-3.5" />
              Current
            </span>
          )}
        </div>
        <div
          id={detailId}
          className={cn("flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-text-muted", !usable && "opacity-55")}
        >
          <span data-testid="model-summary">{summary(model)}</span>
          <span aria-hidden="true" className="text-text-subtle">
            ·
          </span>
          <span>{PROVIDER_LABELS[model.provider]}</span>
          {tags.map((tag) => (
            <span key={tag} className="rounded border border-border px-1.5 py-px text-2xs text-text-muted">
              {tag}
            </span>
          ))}
          {more > 0 && <span className="text-2xs text-text-subtle">+{more} more</span>}
          {!usable && <span className="sr-only">Locked: {model.lockedReason ?? LOCKED_FALLBACK}</span>}
        </div>
        {!usable && (
          <div className="flex items-center gap-1 text-xs text-text">
            <Lock aria-hidden="true" className="size-3.5 shrink-0 text-warning" />
            <Link
              to="/settings"
              // Settings' back link returns here (the canvas this picker was opened on).
              state={{ back: `${here.pathname}${here.search}` }}
              onClick={(e) => e.stopPropagation()}
              onMouseDown={(e) => e.stopPropagation()}
              className="underline decoration-text-subtle underline-offset-2 hover:text-accent hover:decoration-accent"
            >
              {model.lockedReason ?? LOCKED_FALLBACK}
            </Link>
          </div>
        )}
      </div>
      <span
        data-testid="model-cost"
        title={costNote(credits, model.provider)}
        className={cn(
          "shrink-0 self-start whitespace-nowrap pt-0.5 text-xs font-medium",
          credits === 0 ? "text-success" : "text-text-muted",
        )}
      >
        {costLabel(credits, model.provider)}
      </span>
    </div>
  );
}
