import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { NodeData } from "../../../domain/canvas/node";
import {
  Box,
  FileText,
  Film,
  Image as ImageIcon,
  Lock,
  LockOpen,
  Minus,
  Music,
  Play,
  Plus,
  Settings2,
  SlidersHorizontal,
  Workflow,
} from "lucide-react";
import {
  CAMERA_MOVEMENTS,
  MAX_TOOLBAR_VARIATIONS,
  MIN_VARIATIONS,
  SHOT_SIZES,
  STYLE_OPTIONS,
  TOOLBAR_ASPECT_RATIOS,
  VOICES,
  defaultAspectRatio,
} from "../../../domain/generation/toolbar";
import { Button, IconButton, Select, Spinner, Tooltip, cn } from "../../ui";
import { ModelDropdown } from "../../models/ModelDropdown";
import { useCanvas, useGeneration } from "../store/useCanvas";
import { singleSelectedId } from "../store/canvasStore";
import { QueueButton } from "./QueuePanel";
import { NodeModelDialogs } from "./NodeModelDialogs";
import { AdvancedSettingsDialog } from "./AdvancedSettingsDialog";
import { controlOptions } from "./controlOptions";
import { RunCostBadge } from "./RunCostBadge";
import { useNodeProgress } from "./progressStore";
import { TYPE_CHOICES, TYPE_LOCKED_TITLE, useNodeGeneration, type NodeGeneration } from "./useNodeGeneration";

const TYPE_ICONS = { text: FileText, image: ImageIcon, video: Film, audio: Music, model3d: Box } as const;
const Compact = ({ width, children }: { width: string; children: ReactNode }) => (
  <div className={cn("shrink-0 [&>button]:h-8 [&>button]:text-xs", width)}>{children}</div>
);

/**
 * The bottom generation toolbar (spec canvas 2): type column, prompt, model, parameters, cost, type-specific
 * controls, Run and Run from here. It reads and writes the selected node, so the sidebar and the node stay
 * in step with it.
 */
export const GenerationToolbar = memo(function GenerationToolbar() {
  const selectedId = useCanvas(singleSelectedId);
  // The click paints its selection first; the toolbar follows in a transition React may interrupt.
  const shownId = useDeferredValue(selectedId);
  // Until it has caught up, its fields are the previous node's: disabled, so nothing typed lands there. A
  // fieldset does it without rendering the memoized toolbar again on the click's urgent pass.
  return (
    <fieldset disabled={shownId !== selectedId} className="contents">
      <ToolbarFor nodeId={shownId} />
    </fieldset>
  );
});

/** The toolbar for one node (or the draft); memoized, so only a change of that node re-renders it. */
const ToolbarFor = memo(function ToolbarFor({ nodeId: selectedId }: { nodeId: string | null }) {
  // Nothing selected: the type, model and prompt chosen here make a new node on Run.
  const [draftData, setDraftData] = useState<NodeData>({ contentType: "image" });
  const draft = useMemo(
    () => ({ data: draftData, set: (patch: Partial<NodeData>) => setDraftData((d) => ({ ...d, ...patch })) }),
    [draftData],
  );
  const g = useNodeGeneration(selectedId, draft);
  return <ToolbarBody g={g} onCreated={() => setDraftData((d) => ({ ...d, prompt: "" }))} />;
});

function ToolbarBody({ g, onCreated }: { g: NodeGeneration; onCreated(): void }) {
  const generation = useGeneration();
  const progress = useNodeProgress(generation.progress, g.nodeId ?? "");
  const [paramsOpen, setParamsOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const disabled = !g.canEdit || (!g.nodeId && !g.drafting);
  /** Runs the selected node, or makes one of the draft at the centre of the view and runs it. */
  const run = (prompt?: string) => {
    if (g.nodeId) return void generation.run(g.nodeId, prompt);
    if (!g.data) return;
    onCreated();
    void generation.runNew(g.data, prompt ?? g.data.prompt ?? "");
  };
  const busy = g.data?.status === "generating" || progress?.status === "queued" || progress?.status === "running";
  const type = g.type;
  const visual = type === "image" || type === "video";
  // Spec canvas 5: an empty prompt runs nothing (unless connected inputs are the material), so Run says so.
  const nothingToRun = !(g.data?.prompt ?? "").trim() && g.context.length === 0;

  // The picker closes when no node is selected (spec canvas 2).
  useEffect(() => {
    if (!g.nodeId) setPickerOpen(false);
  }, [g.nodeId]);

  return (
    <div
      className="pointer-events-auto absolute bottom-4 left-1/2 z-10 flex min-h-[120px] w-[min(56rem,calc(100%-2rem))] min-w-[50rem] -translate-x-1/2 gap-3 rounded-2xl border border-border bg-surface/95 p-3 shadow-2xl"
      data-testid="generation-toolbar"
      data-tour="prompt"
      data-canvas-panel
      role="region"
      aria-label="Generation toolbar"
    >
      <div className="flex flex-col gap-1" role="group" aria-label="Content type">
        {TYPE_CHOICES.map((choice) => {
          const Icon = TYPE_ICONS[choice.value];
          const active = g.data?.contentType === choice.value || (choice.value === "model3d" && type === "3d");
          const locked = g.typeLocked && !active;
          return (
            <button
              key={choice.value}
              type="button"
              aria-pressed={active}
              disabled={disabled || locked}
              title={locked ? TYPE_LOCKED_TITLE : choice.label}
              onClick={() => g.setType(choice.value)}
              className={cn(
                "flex h-5 items-center gap-1.5 rounded px-1.5 text-[11px] font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40",
                active ? "bg-accent/20 text-accent" : "text-text-muted hover:bg-surface-2 hover:text-text",
              )}
            >
              <Icon className="size-3" aria-hidden /> {choice.label}
            </button>
          );
        })}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <PromptBox key={g.nodeId ?? "none"} g={g} disabled={!g.canEdit} onRun={run} />
        <div className="flex flex-wrap items-center gap-1.5">
          <ModelDropdown
            models={g.models.models}
            loading={g.models.loading}
            error={g.models.error}
            selectedId={g.modelId}
            costs={g.costs}
            disabled={disabled}
            onSelect={g.chooseModel}
            onBrowseAll={() => setPickerOpen(true)}
          />
          <Tooltip content={g.model ? `Configure parameters for ${g.model.name}` : "Choose a model first"}>
            <IconButton
              label="Model parameters"
              size="sm"
              variant="ghost"
              disabled={!g.model || !g.nodeId}
              onClick={() => setParamsOpen(true)}
            >
              <SlidersHorizontal />
            </IconButton>
          </Tooltip>
          <RunCostBadge g={g} />
          <Tooltip content={g.seedFixed ? "Seed locked: reruns repeat the result" : "Seed unlocked: each run differs"}>
            <IconButton
              label="Lock seed"
              size="sm"
              variant="ghost"
              disabled={disabled}
              aria-pressed={g.seedFixed}
              onClick={() => g.update({ seedFixed: !g.seedFixed })}
            >
              {g.seedFixed ? <Lock /> : <LockOpen />}
            </IconButton>
          </Tooltip>
          {visual && (
            <Compact width="w-[5.5rem]">
              <Select
                aria-label="Aspect ratio"
                value={
                  g.controls.aspectRatio && (TOOLBAR_ASPECT_RATIOS as readonly string[]).includes(g.controls.aspectRatio)
                    ? g.controls.aspectRatio
                    : defaultAspectRatio(type)
                }
                options={TOOLBAR_ASPECT_RATIOS.map((r) => ({ value: r, label: r }))}
                disabled={disabled}
                onValueChange={(v) => g.update({ aspectRatio: v })}
              />
            </Compact>
          )}
          {visual && (
            <Compact width="w-32">
              <Select
                aria-label="Style"
                value={g.controls.style ?? "none"}
                options={controlOptions(STYLE_OPTIONS, "No style")}
                disabled={disabled}
                onValueChange={(v) => g.update({ style: v })}
              />
            </Compact>
          )}
          {type === "video" && (
            <Compact width="w-40">
              <Select
                aria-label="Camera movement"
                value={g.controls.cameraMovement ?? "none"}
                options={controlOptions(CAMERA_MOVEMENTS, "No camera move")}
                disabled={disabled}
                onValueChange={(v) => g.update({ cameraMovement: v })}
              />
            </Compact>
          )}
          {visual && (
            <Compact width="w-36">
              <Select
                aria-label="Shot size"
                value={g.controls.shotSize ?? "none"}
                options={controlOptions(SHOT_SIZES, "Any shot size")}
                disabled={disabled}
                onValueChange={(v) => g.update({ shotSize: v })}
              />
            </Compact>
          )}
          {type === "audio" && (
            <Compact width="w-28">
              <Select
                aria-label="Voice"
                value={g.controls.voice ?? VOICES[0]}
                options={VOICES.map((v) => ({ value: v, label: v }))}
                disabled={disabled}
                onValueChange={(v) => g.update({ voice: v })}
              />
            </Compact>
          )}
          <ContextThumbnails items={g.context} />
          <VariationsStepper value={g.variations} disabled={disabled} onChange={(v) => g.update({ variations: v })} />
          <Tooltip content="Connected nodes and style">
            <IconButton label="Advanced settings" size="sm" variant="ghost" disabled={!g.nodeId} onClick={() => setAdvancedOpen(true)}>
              <Settings2 />
            </IconButton>
          </Tooltip>
        </div>
      </div>
      <div className="flex flex-col items-stretch justify-between gap-2">
        <Button
          variant="primary"
          size="sm"
          disabled={disabled || !g.modelId || busy || nothingToRun}
          title={nothingToRun && !disabled ? RUN_NEEDS_INPUT : undefined}
          onClick={() => run()}
          data-testid="run-node"
        >
          {busy ? <Spinner className="size-4" /> : <Play className="size-4" aria-hidden />}
          {busy ? "Running" : "Run"}
        </Button>
        <Tooltip content="Run this node, then every node downstream of it (unchanged ones are skipped)">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || !g.nodeId}
            onClick={() => g.nodeId && generation.graph.ask("downstream", [g.nodeId])}
          >
            <Workflow className="size-4" aria-hidden /> Run from here
          </Button>
        </Tooltip>
        <QueueButton />
      </div>
      <AdvancedSettingsDialog g={g} open={advancedOpen} onOpenChange={setAdvancedOpen} />
      <NodeModelDialogs
        g={g}
        pickerOpen={pickerOpen}
        onPickerOpenChange={setPickerOpen}
        paramsOpen={paramsOpen}
        onParamsOpenChange={setParamsOpen}
      />
    </div>
  );
}

const RUN_NEEDS_INPUT = "Type a prompt or connect an input node to run";

/** Spec canvas 5: Enter runs, Shift+Enter adds a line; grows up to two lines. Saved to the node as typed. */
function PromptBox({ g, disabled, onRun }: { g: NodeGeneration; disabled: boolean; onRun(prompt: string): void }) {
  const [text, setText] = useState(g.data?.prompt ?? "");
  const ref = useRef<HTMLTextAreaElement>(null);
  // Another view (sidebar, focused view, another client) changed the prompt: show it unless typing here.
  useEffect(() => {
    if (document.activeElement !== ref.current) setText(g.data?.prompt ?? "");
  }, [g.data?.prompt]);
  return (
    <textarea
      ref={ref}
      rows={2}
      value={text}
      disabled={disabled}
      aria-label="Prompt"
      placeholder={g.nodeId ? "Modify selected..." : "What do you want to create?"}
      className="max-h-[3.25rem] min-h-[3.25rem] w-full resize-none rounded-lg border border-border bg-bg px-3 py-2 text-sm text-text placeholder:text-text-muted focus:border-accent focus:outline-none disabled:opacity-60"
      onChange={(e) => {
        setText(e.target.value);
        g.update({ prompt: e.target.value });
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          if (text.trim()) onRun(text);
        }
      }}
    />
  );
}

/** Thumbnails of the connected images the run will use (spec canvas 2 "thumbnails of context images"). */
function ContextThumbnails({ items }: { items: NodeGeneration["context"] }) {
  const images = items.filter((c) => c.type === "image" && c.url);
  if (!images.length) return null;
  return (
    <div
      className="flex items-center gap-1"
      aria-label={`${images.length} connected ${images.length === 1 ? "image" : "images"}`}
      data-testid="toolbar-context"
    >
      {images.slice(0, 4).map((c) => (
        <img key={c.nodeId} src={c.url} alt="" className="size-8 rounded border border-border object-cover" />
      ))}
      {images.length > 4 && <span className="text-xs text-text-muted">+{images.length - 4}</span>}
    </div>
  );
}

/** Variations 1–5 in the canvas toolbar (spec canvas 2/5). */
function VariationsStepper({ value, disabled, onChange }: { value: number; disabled: boolean; onChange(v: number): void }) {
  const clamp = (v: number) => Math.min(MAX_TOOLBAR_VARIATIONS, Math.max(MIN_VARIATIONS, v));
  return (
    <div className="flex h-8 items-center rounded-md border border-border" role="group" aria-label="Variations">
      <button
        type="button"
        aria-label="Fewer variations"
        disabled={disabled || value <= MIN_VARIATIONS}
        onClick={() => onChange(clamp(value - 1))}
        className="flex h-full w-6 items-center justify-center text-text-muted hover:text-text disabled:opacity-40"
      >
        <Minus className="size-3" />
      </button>
      <span className="w-10 text-center text-xs tabular-nums text-text" aria-live="polite" data-testid="variations">
        ×{value}
      </span>
      <button
        type="button"
        aria-label="More variations"
        disabled={disabled || value >= MAX_TOOLBAR_VARIATIONS}
        onClick={() => onChange(clamp(value + 1))}
        className="flex h-full w-6 items-center justify-center text-text-muted hover:text-text disabled:opacity-40"
      >
        <Plus className="size-3" />
      </button>
    </div>
  );
}
