import { useEffect, useState } from "react";
import { Send, SlidersHorizontal } from "lucide-react";
import { Button, IconButton, Select, Textarea } from "../../ui";
import { ProviderLogo } from "../../models/ProviderLogo";
import { useGeneration } from "../store/useCanvas";
import { useNodeGeneration } from "../generation/useNodeGeneration";
import { NodeModelDialogs } from "../generation/NodeModelDialogs";
import { STYLE_OPTIONS } from "../../../domain/generation/toolbar";
import { controlOptions } from "../generation/controlOptions";

const heading = "text-xs font-medium uppercase tracking-wide text-text-muted";

/**
 * The sidebar's Model, Model Parameters, Style and Prompt sections (spec canvas 2 "Right sidebar"). They
 * drive the same node data and the same run as the bottom toolbar.
 */
export function GenerationSections({ nodeId }: { nodeId: string }) {
  const g = useNodeGeneration(nodeId);
  const generation = useGeneration();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [paramsOpen, setParamsOpen] = useState(false);
  const [prompt, setPrompt] = useState(g.data?.prompt ?? "");
  const [sending, setSending] = useState(false);
  useEffect(() => setPrompt(g.data?.prompt ?? ""), [g.data?.prompt]);

  // Spec canvas 5: the sidebar needs a non-empty trimmed prompt and a selected node; its state returns to idle after 2 s.
  const submit = async () => {
    if (!prompt.trim()) return;
    setSending(true);
    await generation.run(nodeId, prompt);
    setTimeout(() => setSending(false), 2000);
  };

  return (
    <>
      <section className="flex flex-col gap-2">
        <h3 className={heading}>Model</h3>
        <Button
          variant="secondary"
          size="sm"
          className="justify-start"
          disabled={!g.canEdit}
          onClick={() => setPickerOpen(true)}
          aria-label={g.model ? `Model: ${g.model.name}` : "Choose a model"}
        >
          {g.model && <ProviderLogo provider={g.model.provider} size={18} />}
          <span className="truncate">{g.model?.name ?? "Choose a model"}</span>
        </Button>
      </section>
      {g.model && (
        <section className="flex flex-col gap-2">
          <h3 className={heading}>Model Parameters</h3>
          <Button variant="ghost" size="sm" className="justify-start" onClick={() => setParamsOpen(true)}>
            <SlidersHorizontal className="size-4" aria-hidden /> Configure parameters
          </Button>
        </section>
      )}
      <section className="flex flex-col gap-2">
        <label className={heading} htmlFor="node-style">
          Style
        </label>
        {/* The toolbar's style, so the two never disagree; 'none' keeps the spec's 'Default (No Style)'. */}
        <Select
          id="node-style"
          aria-label="Style"
          value={g.controls.style ?? "none"}
          options={controlOptions(STYLE_OPTIONS, "Default (No Style)")}
          onValueChange={(v) => g.update({ style: v })}
          disabled={!g.canEdit || !g.nodeId}
        />
      </section>
      <section className="flex flex-col gap-2">
        <label className={heading} htmlFor="node-prompt">
          Prompt
        </label>
        <div className="flex items-end gap-2">
          <Textarea
            id="node-prompt"
            rows={3}
            value={prompt}
            disabled={!g.canEdit}
            placeholder="Describe what to make…"
            onChange={(e) => setPrompt(e.target.value)}
            onBlur={() => prompt !== (g.data?.prompt ?? "") && g.update({ prompt })}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <IconButton
            label="Generate from this prompt"
            variant="primary"
            size="sm"
            disabled={!g.canEdit || !prompt.trim() || sending}
            onClick={() => void submit()}
          >
            <Send />
          </IconButton>
        </div>
      </section>
      <NodeModelDialogs
        g={g}
        pickerOpen={pickerOpen}
        onPickerOpenChange={setPickerOpen}
        paramsOpen={paramsOpen}
        onParamsOpenChange={setParamsOpen}
      />
    </>
  );
}
