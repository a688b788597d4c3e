import { useMemo } from "react";
import { applyToolbarToParams, toolbarChoicesFromParams } from "../../../domain/generation/toolbar";
import { ModelParamsDialog } from "../../models/ModelParamsDialog";
import { ModelPicker } from "../../models/ModelPicker";
import { useAllModels } from "../../models/useModels";
import { useOpenedOnce } from "../../ui";
import type { NodeGeneration } from "./useNodeGeneration";

interface NodeModelDialogsProps {
  g: NodeGeneration;
  pickerOpen: boolean;
  onPickerOpenChange(open: boolean): void;
  paramsOpen: boolean;
  onParamsOpenChange(open: boolean): void;
}

/**
 * The model picker and the Model Parameters dialog for one node, as both the toolbar and the sidebar open
 * them: the picker lists every model (locked ones say why), the dialog edits the node's parameters. Nothing
 * is mounted until one of them is first opened (`useOpenedOnce`): every click that selects a node mounts
 * the toolbar and the sidebar, and most never open these.
 */
export function NodeModelDialogs(props: NodeModelDialogsProps) {
  const opened = useOpenedOnce(props.pickerOpen || props.paramsOpen);
  return opened ? <ModelDialogs {...props} /> : null;
}

function ModelDialogs({ g, pickerOpen, onPickerOpenChange, paramsOpen, onParamsOpenChange }: NodeModelDialogsProps) {
  const allModels = useAllModels({ enabled: pickerOpen });
  // The form shows what the run will use: the node's own parameters, and the toolbar's choices for the rest.
  const own = g.data?.modelParameters as Record<string, unknown> | undefined;
  const shownParams = useMemo(() => (g.model ? applyToolbarToParams(g.model, own ?? {}, g.controls) : own), [g.model, own, g.controls]);
  return (
    <>
      <ModelParamsDialog
        model={g.model}
        value={shownParams}
        context={g.context}
        open={paramsOpen && Boolean(g.model)}
        onOpenChange={onParamsOpenChange}
        readOnly={!g.canEdit}
        onChange={(params) => {
          if (!g.model) return;
          // Aspect ratio, camera and voice are the toolbar's: a choice here moves the toolbar along.
          const split = toolbarChoicesFromParams(g.model, params);
          g.update({ modelParameters: split.params, ...split.controls });
        }}
      />
      {pickerOpen && (
        <ModelPicker
          models={allModels.models}
          loading={allModels.loading}
          error={allModels.error}
          selectedId={g.modelId}
          costs={g.costs}
          onSelect={(m) => {
            g.chooseModel(m);
            onPickerOpenChange(false);
          }}
          onClose={() => onPickerOpenChange(false)}
        />
      )}
    </>
  );
}
