import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { Search } from "lucide-react";
import { searchModels } from "../../domain/generation/catalogue";
import type { Model } from "../../domain/generation/modelTypes";
import { Dialog, Input, Spinner } from "../ui";
import { ModelCard, isUsable } from "./ModelCard";
import { creditsFor, type ModelCosts } from "./modelCost";

export const MODEL_PICKER_EMPTY = "No models found matching your criteria";

export interface ModelPickerProps {
  /** Defaults to true, so `{show && <ModelPicker …/>}` works as well as a controlled `open`. */
  open?: boolean;
  models: readonly Model[];
  loading: boolean;
  error?: string | null;
  /** The node's current model, marked 'Current' and highlighted first. */
  selectedId?: string | null;
  /** Credits per model id from GET /api/model-cost; missing ones show the catalogue estimate. */
  costs: ModelCosts;
  /** A usable model was chosen (click or Enter). The picker stays open; the caller closes it. */
  onSelect(model: Model): void;
  /** Escape, the close button or a click outside. */
  onClose(): void;
}

/**
 * The model picker overlay (spec canvas 2): search by model name or provider, one card per model. The
 * search box keeps focus; the arrow keys move the highlighted card and Enter picks it (a combobox over a
 * listbox), so typing and choosing never fight over focus.
 */
export function ModelPicker({ open = true, onClose, ...body }: ModelPickerProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Select a Model"
      description="Choose the perfect model for your task"
      className="max-w-2xl"
    >
      {/* The body unmounts when closed, so the search and highlight start fresh each time. */}
      <PickerBody {...body} />
    </Dialog>
  );
}

type BodyProps = Omit<ModelPickerProps, "open" | "onClose">;

/** Index-based: model ids hold slashes and dots. */
const optionDomId = (baseId: string, index: number) => `${baseId}-model-${index}`;

function PickerBody({ models, loading, error, selectedId, costs, onSelect }: BodyProps) {
  const baseId = useId();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => searchModels(models, query), [models, query]);
  const [activeId, setActiveId] = useState<string | null>(null);

  // The highlight follows the list: the current model on open, else the first usable card.
  const activeIndex = useMemo(() => {
    const at = shown.findIndex((m) => m.id === activeId);
    if (at >= 0) return at;
    const current = shown.findIndex((m) => m.id === selectedId);
    if (current >= 0 && query === "") return current;
    const firstUsable = shown.findIndex(isUsable);
    return firstUsable >= 0 ? firstUsable : shown.length > 0 ? 0 : -1;
  }, [shown, activeId, selectedId, query]);
  const active = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const optionId = (index: number) => optionDomId(baseId, index);

  useEffect(() => {
    if (activeIndex < 0) return;
    // jsdom has no scrollIntoView.
    document.getElementById(optionDomId(baseId, activeIndex))?.scrollIntoView?.({ block: "nearest" });
  }, [baseId, activeIndex]);

  const move = (by: number) => {
    if (shown.length === 0) return;
    const next = Math.min(shown.length - 1, Math.max(0, (activeIndex < 0 ? -1 : activeIndex) + by));
    setActiveId(shown[next]!.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        move(1);
        break;
      case "ArrowUp":
        e.preventDefault();
        move(-1);
        break;
      case "PageDown":
        e.preventDefault();
        move(5);
        break;
      case "PageUp":
        e.preventDefault();
        move(-5);
        break;
      case "Enter":
        e.preventDefault();
        if (active && isUsable(active)) onSelect(active);
        break;
    }
  };

  const listId = `${baseId}-list`;
  return (
    <div className="flex flex-col gap-3">
      <div className="sticky -top-4 z-10 -mx-5 -mt-4 bg-surface px-5 pb-2 pt-4">
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-text-subtle" />
          <Input
            autoFocus
            role="combobox"
            aria-label="Search models"
            aria-autocomplete="list"
            aria-expanded={true}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            placeholder="Search models..."
            value={query}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setQuery(e.target.value);
              setActiveId(null);
            }}
            onKeyDown={onKeyDown}
            className="pl-9"
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div id={listId} role="listbox" aria-label="Models" aria-busy={loading || undefined} className="flex flex-col gap-2">
        {shown.map((model, index) => (
          <ModelCard
            key={model.id}
            id={optionId(index)}
            model={model}
            credits={creditsFor(model, costs)}
            active={index === activeIndex}
            current={model.id === selectedId}
            onPick={() => onSelect(model)}
            onHover={() => model.id !== active?.id && setActiveId(model.id)}
          />
        ))}
      </div>
      {loading && shown.length === 0 && (
        <div className="flex justify-center py-10 text-text-muted">
          <Spinner size={24} label="Loading models" />
        </div>
      )}
      {!loading && !error && shown.length === 0 && <p className="py-10 text-center text-sm text-text-muted">{MODEL_PICKER_EMPTY}</p>}
    </div>
  );
}
