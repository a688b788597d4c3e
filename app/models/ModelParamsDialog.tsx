import { useEffect, useId, useMemo } from "react";
import { RotateCcw } from "lucide-react";
import { autoFillMedia, defaultParameters, modelParameterFields, type ModelParameterField } from "../../domain/generation/modelParamForm";
import type { Model } from "../../domain/generation/modelTypes";
import { Button, Dialog } from "../ui";
import { MediaPicker } from "./MediaPicker";
import { DropdownControl, NumberControl, SliderControl, TextControl, ToggleControl } from "./ParamControls";
import { shownValue, toContextMedia, type ContextMediaItem, type ParamRecord } from "./paramValues";
import { useParameterDraft } from "./useParameterDraft";

export const NO_MODEL_PARAMETERS = "No configurable parameters available for this model.";

export interface ModelParamsDialogProps {
  model: Model | null;
  /** The node's modelParameters. */
  value: ParamRecord | undefined;
  /** The node's connected upstream items; media inputs list them and are auto-filled from them. */
  context: readonly ContextMediaItem[];
  /** All parameters after a change: at once for immediate parameters, else 300 ms after the last edit. */
  onChange(params: Record<string, unknown>): void;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** View-only members see the values but cannot change them. */
  readOnly?: boolean;
}

const EMPTY: ParamRecord = {};

/**
 * The Model Parameters modal (spec canvas 2 bottom toolbar / right sidebar), generated from the model's
 * input schema by the rules of spec canvas 5: dropdowns, toggles, sliders, number and text inputs, media
 * pickers. Edits wait in useParameterDraft and are sent per spec canvas 9; closing sends what is waiting.
 */
export function ModelParamsDialog({
  model,
  value = EMPTY,
  context,
  onChange,
  open,
  onOpenChange,
  readOnly = false,
}: ModelParamsDialogProps) {
  const draft = useParameterDraft(value, onChange, model?.id ?? "");
  const { flush } = draft;
  useEffect(() => {
    if (!open) flush();
  }, [open, flush]);

  const fields = useMemo(() => (model ? modelParameterFields(model.inputSchema) : []), [model]);
  const contextMedia = useMemo(() => toContextMedia(context), [context]);
  const fill = autoFillMedia(fields, contextMedia, draft.values);

  const footer = (
    <>
      {!readOnly && fields.length > 0 && model && (
        <Button variant="ghost" size="sm" className="mr-auto" onClick={() => draft.replace(defaultParameters(model.inputSchema))}>
          <RotateCcw aria-hidden="true" />
          Reset to defaults
        </Button>
      )}
      <Button variant="primary" size="sm" onClick={() => onOpenChange(false)}>
        Done
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Model Parameters"
      description={model ? `Configure parameters for ${model.name}` : undefined}
      className="max-w-lg"
      footer={footer}
    >
      {fields.length === 0 ? (
        <p className="py-6 text-center text-sm text-text-muted">{NO_MODEL_PARAMETERS}</p>
      ) : (
        <div className="flex flex-col gap-5" data-testid="model-params-form">
          {readOnly && <p className="text-xs text-text-muted">You can view these settings; editing needs edit access to the project.</p>}
          {fields.map((field) => {
            const shown = shownValue(field, draft.values, fill);
            return (
              <ParamField
                key={field.name}
                field={field}
                value={shown.value}
                autoFilled={shown.autoFilled}
                context={context}
                disabled={readOnly}
                onChange={(v) => draft.set(field.name, v)}
              />
            );
          })}
        </div>
      )}
    </Dialog>
  );
}

interface ParamFieldProps {
  field: ModelParameterField;
  value: unknown;
  autoFilled: boolean;
  context: readonly ContextMediaItem[];
  disabled: boolean;
  onChange(value: unknown): void;
}

/** Label, control and description of one parameter. */
function ParamField({ field, value, autoFilled, context, disabled, onChange }: ParamFieldProps) {
  const id = useId();
  const hintId = field.description ? `${id}-hint` : undefined;
  const common = { id, label: field.label, describedBy: hintId, disabled };
  // A media input is a group of choices: it is named by a plain text label, not a <label for>.
  const LabelTag = field.kind === "media" ? "span" : "label";
  return (
    <div className="flex flex-col gap-1.5" data-param={field.name} data-kind={field.kind}>
      <LabelTag id={`${id}-label`} {...(LabelTag === "label" ? { htmlFor: id } : {})} className="text-xs font-medium text-text">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="ml-0.5 text-accent">
            *
          </span>
        )}
      </LabelTag>
      <FieldControl field={field} common={common} value={value} autoFilled={autoFilled} context={context} onChange={onChange} />
      {field.description && (
        <p id={hintId} className="text-xs text-text-muted">
          {field.description}
        </p>
      )}
    </div>
  );
}

function FieldControl({
  field,
  common,
  value,
  autoFilled,
  context,
  onChange,
}: Omit<ParamFieldProps, "disabled"> & {
  common: { id: string; label: string; describedBy?: string; disabled: boolean };
}) {
  switch (field.kind) {
    case "dropdown":
      return <DropdownControl {...common} options={field.options} fixed={field.fixed} value={value} onChange={onChange} />;
    case "toggle":
      return <ToggleControl {...common} value={value} onChange={onChange} />;
    case "slider":
      return <SliderControl {...common} min={field.min} max={field.max} step={field.step} value={value} onChange={onChange} />;
    case "number":
      return <NumberControl {...common} integer={field.integer} min={field.min} max={field.max} value={value} onChange={onChange} />;
    case "text":
      return <TextControl {...common} value={value} onChange={onChange} />;
    case "media":
      return (
        <MediaPicker
          id={common.id}
          describedBy={common.describedBy}
          disabled={common.disabled}
          accepts={field.accepts}
          multiple={field.multiple}
          value={value}
          autoFilled={autoFilled}
          context={context}
          onChange={onChange}
        />
      );
  }
}
