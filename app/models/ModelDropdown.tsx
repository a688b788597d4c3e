import { useRef } from "react";
import { ChevronDown, LayoutGrid, Lock } from "lucide-react";
import { displayNameFor } from "../../domain/generation/catalogue";
import type { Model } from "../../domain/generation/modelTypes";
import { cn, Menu, MenuContent, MenuItem, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger, Spinner } from "../ui";
import { isUsable, LOCKED_FALLBACK } from "./ModelCard";
import { ProviderLogo } from "./ProviderLogo";
import { costLabel, costNote, creditsFor, type ModelCosts } from "./modelCost";

export const DROPDOWN_EMPTY_TITLE = "No Models Available";
export const DROPDOWN_EMPTY_TEXT = "No compatible models found";

export interface ModelDropdownProps {
  models: readonly Model[];
  loading: boolean;
  error?: string | null;
  selectedId?: string | null;
  costs: ModelCosts;
  onSelect(model: Model): void;
  /** 'Browse all models': opens the model picker overlay. */
  onBrowseAll(): void;
  disabled?: boolean;
  className?: string;
}

/**
 * The bottom toolbar's compact model menu (spec canvas 2: 320 px wide, at most half the window high, a
 * cost per model). Locked models are listed, greyed with their reason, and cannot be chosen; the picker
 * overlay behind 'Browse all models' links to Settings.
 */
export function ModelDropdown({
  models,
  loading,
  error,
  selectedId,
  costs,
  onSelect,
  onBrowseAll,
  disabled,
  className,
}: ModelDropdownProps) {
  const current = models.find((m) => m.id === selectedId);
  // A model chosen earlier may no longer be offered (its inputs were disconnected): still name it.
  const currentName = current?.name ?? (selectedId ? displayNameFor(selectedId).name : null);
  // When the picker opens from here, the menu must not pull focus back to its trigger as it closes.
  const browsing = useRef(false);
  return (
    <Menu>
      <MenuTrigger asChild disabled={disabled}>
        <button
          type="button"
          aria-label={currentName ? `Model: ${currentName}` : "Select a model"}
          className={cn(
            "inline-flex h-8 max-w-72 items-center gap-2 rounded-md border border-border bg-surface-2 px-2 text-sm text-text",
            "transition-colors hover:border-border-strong hover:bg-surface-3 disabled:pointer-events-none disabled:opacity-50",
            "data-[state=open]:border-border-strong data-[state=open]:bg-surface-3",
            className,
          )}
        >
          {current && <ProviderLogo provider={current.provider} size={18} />}
          <span className={cn("min-w-0 truncate", !currentName && "text-text-muted")}>{currentName ?? "Select model"}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-text-muted" />
        </button>
      </MenuTrigger>
      <MenuContent
        side="top"
        className="w-[320px] max-w-[calc(100vw-1rem)] overflow-y-auto"
        style={{ maxHeight: "50vh" }}
        onCloseAutoFocus={(e) => {
          if (browsing.current) e.preventDefault();
          browsing.current = false;
        }}
      >
        {loading && models.length === 0 && (
          <div className="flex items-center gap-2 px-2 py-3 text-xs text-text-muted">
            <Spinner size={14} label="Loading models" />
            Loading models…
          </div>
        )}
        {error && (
          <p role="alert" className="px-2 py-2 text-xs text-danger">
            {error}
          </p>
        )}
        {!loading && !error && models.length === 0 && (
          <div className="px-2 py-3 text-center" data-testid="model-dropdown-empty">
            <p className="text-sm font-medium text-text">{DROPDOWN_EMPTY_TITLE}</p>
            <p className="mt-0.5 text-xs text-text-muted">{DROPDOWN_EMPTY_TEXT}</p>
          </div>
        )}
        {models.length > 0 && (
          <MenuRadioGroup
            value={selectedId ?? ""}
            onValueChange={(id) => {
              const model = models.find((m) => m.id === id);
              if (model && isUsable(model)) onSelect(model);
            }}
          >
            {models.map((model) => {
              const usable = isUsable(model);
              const credits = creditsFor(model, costs);
              return (
                <MenuRadioItem
                  key={model.id}
                  value={model.id}
                  disabled={!usable}
                  data-model-id={model.id}
                  className="h-auto min-h-9 gap-2 py-1.5"
                >
                  <ProviderLogo provider={model.provider} size={20} className={cn(!usable && "grayscale")} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{model.name}</span>
                    {!usable && (
                      <span className="flex items-center gap-1 text-2xs text-text-muted">
                        <Lock aria-hidden="true" className="!size-3" />
                        {model.lockedReason ?? LOCKED_FALLBACK}
                      </span>
                    )}
                  </span>
                  <span
                    data-testid="model-cost"
                    title={costNote(credits, model.provider)}
                    className={cn("shrink-0 text-xs", credits === 0 ? "text-success" : "text-text-muted")}
                  >
                    {costLabel(credits, model.provider)}
                  </span>
                </MenuRadioItem>
              );
            })}
          </MenuRadioGroup>
        )}
        {/* Always in reach, however long the list scrolls. */}
        <div className="sticky -bottom-1 -mx-1 bg-surface-2 px-1 pb-1">
          <MenuSeparator />
          <MenuItem
            icon={<LayoutGrid />}
            onSelect={() => {
              browsing.current = true;
              onBrowseAll();
            }}
          >
            Browse all models
          </MenuItem>
        </div>
      </MenuContent>
    </Menu>
  );
}
