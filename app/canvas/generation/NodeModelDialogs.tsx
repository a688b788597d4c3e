import { ModelParamsDialog } from "../../generation/ModelParamsDialog";
import { ModelPicker } from "../../generation/ModelPicker";
import { useAllModels } from "../../generation/useModels";
import type { NodeGeneration } from "./useNodeGeneration";

/**
 * The model picker and the Model Parameters dialog for one node, as both the toolbar and the sidebar open
 * them: the picker lists every model (locked ones say why), the dialog edits the node's parameters.
 */
export function NodeModelDialogs({ g, pickerOpen, onPickerOpenChange, paramsOpen, onParamsOpenChange }: {
  g: NodeGeneration;
  pickerOpen: boolean;
  onPickerOpenChange(open: boolean): void;
  paramsOpen: boolean;
  onParamsOpenChange(open: boolean): void;
}) {
  const allModels = useAllModels({ enabled: pickerOpen });
  return (
    <>
      <ModelParamsDialog
        model={g.model}
        value={g.data?.modelParameters}
        context={g.context}
        open={paramsOpen && Boolean(g.model)}
        onOpenChange={onParamsOpenChange}
        readOnly={!g.canEdit}
        onChange={(params) => g.update({ modelParameters: params })}
      />
      {pickerOpen && (
        <ModelPicker
          models={allModels.models}
          loading={allModels.loading}
          error={allModels.error}
          selectedId={g.data?.selectedModel}
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
