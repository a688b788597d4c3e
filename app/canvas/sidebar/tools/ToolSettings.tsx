import { useEffect, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { ArrowLeft, CheckCircle2, ChevronDown, Loader2 } from "lucide-react";
import {
  defaultToolParameters,
  toolParameterFields,
  type ToolParameterField,
  type ToolParameterGroups,
} from "../../../../domain/generation/toolParamForm";
import type { ToolSchemaDocument } from "../../../../domain/generation/jsonSchema";
import type { ParamValue } from "../../../../domain/generation/parameterRules";
import { TOOL_MESSAGES, type ToolExecutionResult, type ToolSummary } from "../../../../domain/tools/api";
import { useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../api/client";
import { modelKeys } from "../../../models/useModels";
import { Button, cn, toast } from "../../../ui";
import { useCanvas, useCommands } from "../../store/useCanvas";
import { ToolFieldInput } from "./ToolFieldInput";
import { LOCAL_RUN_FREE_NOTE } from "../../../../domain/generation/localRunPricing";

type SchemaState =
  | { status: "loading" }
  | { status: "ready"; doc: ToolSchemaDocument; groups: ToolParameterGroups }
  | { status: "error"; message: string };

/** What the settings view reads of the node: primitives and the tool fields only, so a drag re-renders nothing. */
function useToolNode(nodeId: string | null) {
  return useCanvas(
    useShallow((s) => {
      const d = nodeId ? s.nodes.find((n) => n.id === nodeId)?.data : undefined;
      return {
        exists: Boolean(d),
        status: d?.status,
        error: d?.error as string | null | undefined,
        generationId: d?.generationId as string | undefined,
        selectedTool: d?.selectedTool as string | undefined,
        toolParameters: d?.toolParameters as Record<string, ParamValue> | undefined,
        result: d?.toolExecutionResult as ToolExecutionResult | undefined,
        lastToolId: (d?.lastToolExecution as { toolId?: string } | undefined)?.toolId,
      };
    }),
  );
}

/**
 * The Tools tab's settings view (spec canvas 2): back, title and description, Basic Settings, a collapsed
 * Advanced Settings block, the running or training banner, the success banner and Run / Running / Training
 * / Re-run (disabled while running and for view-only members). Parameters are kept on the node
 * (selectedTool, toolParameters) through the canvas commands, text after 500 ms, the rest at once.
 */
export function ToolSettings({
  tool,
  nodeId,
  projectId,
  canEdit,
  onBack,
}: {
  tool: ToolSummary;
  nodeId: string | null;
  projectId: string;
  canEdit: boolean;
  onBack(): void;
}) {
  const commands = useCommands();
  const queryClient = useQueryClient();
  const node = useToolNode(nodeId);
  const [schema, setSchema] = useState<SchemaState>({ status: "loading" });
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    setSchema({ status: "loading" });
    fetch(`/api/tools/schema?id=${encodeURIComponent(tool.id)}`, { credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error(TOOL_MESSAGES.schemaFailed(res.status));
        const body = (await res.json()) as ToolSchemaDocument & { groups?: ToolParameterGroups };
        if (live) setSchema({ status: "ready", doc: body, groups: body.groups ?? {} });
      })
      .catch((err: Error) => live && setSchema({ status: "error", message: err.message || TOOL_MESSAGES.networkError }));
    return () => {
      live = false;
    };
  }, [tool.id]);

  const fields = useMemo(
    () => (schema.status === "ready" ? toolParameterFields(schema.doc, { toolId: tool.id, groups: schema.groups }) : []),
    [schema, tool.id],
  );
  const defaults = useMemo(
    () => (schema.status === "ready" ? defaultToolParameters(schema.doc, { toolId: tool.id, groups: schema.groups }) : {}),
    [schema, tool.id],
  );
  const stored = node.selectedTool === tool.id ? node.toolParameters : undefined;
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  // The node's saved parameters for this tool, else the schema's defaults (and the node takes this tool).
  useEffect(() => {
    if (schema.status !== "ready") return;
    setValues({ ...defaults, ...(stored ?? {}) });
    if (nodeId && canEdit && node.exists && node.selectedTool !== tool.id)
      commands.updateNodeData(nodeId, { selectedTool: tool.id, toolParameters: defaults }, { immediate: true });
    // Only when the tool, node or schema changes; later edits come from this form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema.status, tool.id, nodeId]);

  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(saveTimer.current), []);
  const change = (field: ToolParameterField, value: ParamValue) => {
    const next = { ...values, [field.name]: value };
    setValues(next);
    if (!nodeId || !canEdit) return;
    clearTimeout(saveTimer.current);
    const save = () => commands.updateNodeData(nodeId, { selectedTool: tool.id, toolParameters: next });
    if (field.debounceMs > 0) saveTimer.current = setTimeout(save, field.debounceMs);
    else save();
  };

  const running = node.selectedTool === tool.id && node.status === "generating";
  const succeeded = !running && node.status === "completed" && node.lastToolId === tool.id && node.result?.success === true;
  // The outcome of a run asked for here: a toast once the node settles.
  useEffect(() => {
    if (!asked || node.generationId !== asked) return;
    // A failed tool leaves the node as it was (completed): its result says it failed.
    if (node.status === "completed" && node.result?.success === false) {
      toast.error(TOOL_MESSAGES.failedWith(node.result.error || TOOL_MESSAGES.unknownError));
      setAsked(null);
    } else if (node.status === "completed") {
      toast.success(TOOL_MESSAGES.success);
      // A trainer made a model: the model lists fetch again so it can be picked at once.
      if (tool.training) void queryClient.invalidateQueries({ queryKey: modelKeys.all });
      setAsked(null);
    } else if (node.status === "error") {
      toast.error(TOOL_MESSAGES.failedWith(node.error || TOOL_MESSAGES.unknownError));
      setAsked(null);
    }
  }, [asked, node.generationId, node.status, node.error, node.result, tool.training, queryClient]);

  const run = async () => {
    if (!nodeId) return;
    clearTimeout(saveTimer.current);
    setSubmitting(true);
    try {
      const parameters = Object.fromEntries(
        fields.filter((f) => f.kind !== "file" && values[f.name] !== undefined).map((f) => [f.name, values[f.name]]),
      );
      commands.updateNodeData(nodeId, { selectedTool: tool.id, toolParameters: parameters }, { immediate: true });
      commands.toolRunStarted(nodeId);
      const res = await api<{ generationId: string }>("POST", "/api/tools/execute", { toolId: tool.id, nodeId, projectId, parameters });
      setAsked(res.generationId);
    } catch (err) {
      toast.error(TOOL_MESSAGES.failedWith(err instanceof ApiError ? err.message : TOOL_MESSAGES.unknownError));
    } finally {
      setSubmitting(false);
    }
  };

  const basic = fields.filter((f) => f.group === "basic");
  const advanced = fields.filter((f) => f.group === "advanced");
  const label = running ? (tool.training ? "Training..." : "Running...") : succeeded ? "Re-run" : "Run";
  const disabled = !canEdit || !nodeId || running || submitting || !tool.usable || schema.status !== "ready";
  const why = !canEdit
    ? "View-only: you cannot run tools in this project"
    : !nodeId
      ? "Select a node to run this tool on"
      : !tool.usable
        ? tool.lockedReason
        : undefined;

  return (
    <div className="flex flex-col gap-4 p-4" data-testid="tool-settings">
      <div className="flex items-start gap-2">
        <button
          type="button"
          aria-label="Back to tools"
          onClick={onBack}
          className="mt-0.5 rounded p-1 text-text-muted hover:bg-surface-2 hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        >
          <ArrowLeft className="size-4" />
        </button>
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-text">{tool.name}</h3>
          <p className="text-xs text-text-muted">{tool.description}</p>
        </div>
      </div>
      {running && (
        <div role="status" className="flex items-center gap-2 rounded-md border border-accent/40 bg-accent/10 px-3 py-2 text-xs text-text">
          <Loader2 className="size-3.5 animate-spin" /> {tool.training ? `Training ${tool.name}…` : `Running ${tool.name}…`}
        </div>
      )}
      {succeeded && (
        <div
          role="status"
          className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-xs text-text"
        >
          <CheckCircle2 className="size-3.5 text-success" /> {TOOL_MESSAGES.success}
          {node.result?.executionTime !== undefined && (
            <span className="ml-auto text-text-muted">{(node.result.executionTime / 1000).toFixed(1)} s</span>
          )}
        </div>
      )}
      {succeeded && node.result?.trainedModel && (
        <p className="text-xs text-text-muted" data-testid="trained-model">
          {`'${node.result.trainedModel.name} (LoRA)' is now in your model list`}
          {node.result.trainedModel.triggerWord ? ` — start prompts with '${node.result.trainedModel.triggerWord}'.` : "."}
        </p>
      )}
      {schema.status === "loading" && <p className="text-sm text-text-muted">{TOOL_MESSAGES.loadingParameters}</p>}
      {schema.status === "error" && (
        <p role="alert" className="text-sm text-danger">
          {TOOL_MESSAGES.errorLoading(schema.message)}
        </p>
      )}
      {schema.status === "ready" && fields.length === 0 && <p className="text-sm text-text-muted">{TOOL_MESSAGES.noParameters}</p>}
      {basic.length > 0 && (
        <section className="flex flex-col gap-3" aria-label="Basic Settings">
          <h4 className="text-[11px] font-medium uppercase tracking-wide text-text-muted">Basic Settings</h4>
          {basic.map((f) => (
            <ToolFieldInput key={f.name} field={f} value={values[f.name]} disabled={!canEdit || running} onChange={(v) => change(f, v)} />
          ))}
        </section>
      )}
      {advanced.length > 0 && (
        <section className="flex flex-col gap-3">
          <button
            type="button"
            aria-expanded={advancedOpen}
            onClick={() => setAdvancedOpen((o) => !o)}
            className="flex items-center gap-1 text-[11px] font-medium uppercase tracking-wide text-text-muted hover:text-text"
          >
            <ChevronDown className={cn("size-3.5 transition-transform", !advancedOpen && "-rotate-90")} /> Advanced Settings
          </button>
          {advancedOpen &&
            advanced.map((f) => (
              <ToolFieldInput key={f.name} field={f} value={values[f.name]} disabled={!canEdit || running} onChange={(v) => change(f, v)} />
            ))}
        </section>
      )}
      <div className="flex flex-col gap-1.5">
        <Button variant="primary" disabled={disabled} loading={submitting || running} onClick={() => void run()} data-testid="tool-run">
          {label}
        </Button>
        {why && <p className="text-xs text-text-muted">{why}</p>}
        {!running && node.status === "error" && node.selectedTool === tool.id && node.error && (
          <p role="alert" className="text-xs text-danger">
            {node.error}
          </p>
        )}
        {tool.credits > 0 ? (
          <p className="text-xs text-text-muted">{`${tool.credits} credit${tool.credits === 1 ? "" : "s"} a run`}</p>
        ) : (
          tool.provider === "local" && <p className="text-xs text-success">{LOCAL_RUN_FREE_NOTE}</p>
        )}
      </div>
    </div>
  );
}
