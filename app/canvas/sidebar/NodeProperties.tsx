import { useState } from "react";
import { useReactFlow } from "@xyflow/react";
import { Lock, X } from "lucide-react";
import { mediaUrlOf, detectContentType } from "../../../domain/canvas/contentType";
import { Input, Select, Textarea, toast, IconButton, cn } from "../../ui";
import { useShallow } from "zustand/react/shallow";
import type { NodeData } from "../../../domain/canvas/node";
import { useCanvas, useCanvasStore, useCommands, useSessionActions } from "../store/useCanvas";
import { incomingSources, NO_IDS, nodesById, outgoingTargets } from "../store/canvasStore";
import { GenerationSections } from "./GenerationSections";
import { SUBGRAPH_NODE_TYPE } from "../../../domain/canvas/subgraph";
import { SubgraphProperties } from "../subgraphs/SubgraphProperties";

const TYPES = [
  { value: "none", label: "Select type" },
  { value: "text", label: "Text" },
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
  { value: "audio", label: "Audio" },
  { value: "model3d", label: "3D" },
];

/** The Properties tab for one node (spec: canvas 2 "Right sidebar"). */
export function NodeProperties({ nodeId, onNavigate }: { nodeId: string; onNavigate?(id: string): void }) {
  // Only this node's data and its neighbours' ids: dragging (which changes positions) re-renders nothing here.
  const data = useCanvas((s) => nodesById(s.nodes).get(nodeId)?.data);
  const isSubgraph = useCanvas((s) => nodesById(s.nodes).get(nodeId)?.type === SUBGRAPH_NODE_TYPE);
  const inIds = useCanvas(useShallow((s) => incomingSources(s.edges).get(nodeId) ?? NO_IDS));
  const outIds = useCanvas(useShallow((s) => outgoingTargets(s.edges).get(nodeId) ?? NO_IDS));
  const canEdit = useCanvas((s) => s.canEdit);
  const store = useCanvasStore();
  const commands = useCommands();
  const session = useSessionActions();
  const rf = useReactFlow();
  if (!data) return null;
  const media = mediaUrlOf(data);
  const type = data.contentType && data.contentType !== "none" ? detectContentType(data) : "none";
  const disconnect = (source: string, target: string) =>
    commands.disconnect(
      store
        .getState()
        .edges.filter((e) => e.source === source && e.target === target)
        .map((e) => e.id),
    );

  const goTo = (id: string) => {
    if (onNavigate) return onNavigate(id);
    session.select(id);
    void rf.fitView({ nodes: [{ id }], duration: 500, padding: 0.2, includeHiddenNodes: true });
  };

  return (
    <div className="flex flex-col gap-5 p-4">
      <TitleField
        key={`t-${data.title}`}
        value={data.title ?? "Untitled"}
        disabled={!canEdit}
        onCommit={(t) => commands.renameNode(nodeId, t)}
      />
      {isSubgraph ? (
        <SubgraphProperties nodeId={nodeId} data={data} canEdit={canEdit} />
      ) : (
        <>
          <section className="flex flex-col gap-2">
            <h3 className="text-xs font-medium uppercase tracking-wide text-text-muted">Media</h3>
            {media ? (
              type === "video" ? (
                <video src={media} muted className="w-full rounded-md border border-border" />
              ) : type === "image" ? (
                <img src={media} alt="" className="w-full rounded-md border border-border" />
              ) : (
                <p className="text-sm text-text-muted">{type === "audio" ? "Audio file" : "3D model"}</p>
              )
            ) : (
              <p className="text-sm text-text-muted">No media yet</p>
            )}
            <DescriptionField
              key={`d-${data.description ?? ""}`}
              value={data.description ?? ""}
              disabled={!canEdit}
              onCommit={(d) => {
                commands.updateNodeData(nodeId, { description: d }, { immediate: true });
                toast.success("Description updated");
              }}
            />
          </section>
          <section className="flex flex-col gap-2">
            <label className="text-xs font-medium uppercase tracking-wide text-text-muted" htmlFor="node-type">
              Type
            </label>
            <Select
              id="node-type"
              aria-label="Type"
              value={type}
              options={TYPES}
              disabled={!canEdit}
              onValueChange={(v) => {
                commands.updateNodeData(nodeId, { contentType: v });
                toast.success(`Type set to ${TYPES.find((t) => t.value === v)?.label ?? v}`);
              }}
            />
          </section>
          <GenerationSections nodeId={nodeId} />
          <Versions nodeId={nodeId} data={data} canEdit={canEdit} />
        </>
      )}
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-medium uppercase tracking-wide text-text-muted">Context</h3>
        <ContextList
          label="In"
          empty="No incoming nodes"
          ids={inIds}
          canEdit={canEdit}
          onGo={goTo}
          onRemove={(id) => disconnect(id, nodeId)}
        />
        <ContextList
          label="Out"
          empty="No outgoing nodes"
          ids={outIds}
          canEdit={canEdit}
          onGo={goTo}
          onRemove={(id) => disconnect(nodeId, id)}
        />
      </section>
    </div>
  );
}

function TitleField({ value, disabled, onCommit }: { value: string; disabled: boolean; onCommit(v: string): boolean }) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft.trim() === value) return;
    if (!onCommit(draft)) setDraft(value);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label className="text-xs font-medium uppercase tracking-wide text-text-muted" htmlFor="node-title">
        Title
      </label>
      <Input
        id="node-title"
        value={draft}
        disabled={disabled}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
          if (e.key === "Escape") {
            setDraft(value);
            requestAnimationFrame(() => (e.target as HTMLInputElement).blur());
          }
        }}
      />
    </div>
  );
}

function DescriptionField({ value, disabled, onCommit }: { value: string; disabled: boolean; onCommit(v: string): void }) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={() => setEditing(true)}
        className="rounded-md px-1 py-1 text-left text-sm text-text-muted hover:bg-surface-2 disabled:hover:bg-transparent"
      >
        {value || (disabled ? "No description" : "Add a description…")}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Textarea
        aria-label="Description"
        autoFocus
        rows={3}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            setEditing(false);
            if (draft !== value) onCommit(draft.trim());
          }
          if (e.key === "Escape") {
            setDraft(value);
            setEditing(false);
          }
        }}
      />
      <span className="text-xs text-text-subtle">Ctrl/⌘+Enter saves · Escape cancels</span>
    </div>
  );
}

function Versions({ nodeId, data, canEdit }: { nodeId: string; data: NodeData; canEdit: boolean }) {
  const commands = useCommands();
  const versions = data.versionHistory ?? [];
  if (versions.length === 0) return null;
  const current = data.currentVersionIndex ?? versions.length - 1;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-xs font-medium uppercase tracking-wide text-text-muted">Versions</h3>
      <div className="flex gap-1.5 overflow-x-auto pb-1" role="list" aria-label="Versions">
        {versions.map((v, i) => (
          <button
            key={i}
            type="button"
            role="listitem"
            disabled={!canEdit}
            aria-current={i === current}
            aria-label={`Version ${i + 1}`}
            onClick={() => commands.restoreVersion(nodeId, i)}
            className={cn(
              "size-12 shrink-0 overflow-hidden rounded-md border text-xs text-text-muted",
              i === current ? "border-accent" : "border-border hover:border-text-muted",
            )}
          >
            {v.mediaUrl && (v.contentType ?? "image") === "image" ? (
              <img src={v.mediaUrl} alt="" className="h-full w-full object-cover" />
            ) : (
              `v${i + 1}`
            )}
          </button>
        ))}
      </div>
      <SeedLine nodeId={nodeId} seed={versions[current]?.seed} locked={data.seedFixed === true} canEdit={canEdit} />
    </section>
  );
}

/** The shown version's seed: locking it makes the next runs repeat this picture. */
function SeedLine({ nodeId, seed, locked, canEdit }: { nodeId: string; seed: number | undefined; locked: boolean; canEdit: boolean }) {
  const commands = useCommands();
  if (seed === undefined) return null;
  return (
    <p className="flex items-center gap-2 text-xs text-text-muted" data-testid="version-seed">
      <span>
        Seed <span className="tabular-nums text-text">{seed}</span>
      </span>
      {locked ? (
        <span className="inline-flex items-center gap-1 text-text-subtle">
          <Lock className="size-3" aria-hidden /> locked: reruns repeat it
        </span>
      ) : (
        canEdit && (
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded px-1 text-accent hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
            onClick={() => commands.updateNodeData(nodeId, { seedFixed: true }, { immediate: true })}
          >
            <Lock className="size-3" aria-hidden /> Lock this seed
          </button>
        )
      )}
    </p>
  );
}

export function ContextList(props: {
  label: string;
  empty: string;
  ids: readonly string[];
  canEdit: boolean;
  onGo(id: string): void;
  onRemove(id: string): void;
}) {
  return (
    <div>
      <p className="mb-1 text-xs text-text-muted">{props.label}</p>
      {props.ids.length === 0 ? (
        <p className="text-sm text-text-subtle">{props.empty}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {props.ids.map((id) => (
            <ContextRow key={id} id={id} canEdit={props.canEdit} onGo={props.onGo} onRemove={props.onRemove} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ContextRow({ id, canEdit, onGo, onRemove }: { id: string; canEdit: boolean; onGo(id: string): void; onRemove(id: string): void }) {
  const data = useCanvas((s) => nodesById(s.nodes).get(id)?.data);
  const thumb = data ? mediaUrlOf(data) : undefined;
  const title = data?.title ?? "Untitled";
  return (
    <li className="flex items-center gap-2 rounded-md hover:bg-surface-2">
      <button
        type="button"
        onClick={() => onGo(id)}
        className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1 text-left text-sm text-text"
      >
        {thumb && data && detectContentType(data) === "image" ? (
          <img src={thumb} alt="" className="size-6 rounded object-cover" />
        ) : (
          <span className="size-6 rounded bg-surface-3" aria-hidden />
        )}
        <span className="truncate">{title}</span>
      </button>
      {canEdit && (
        <IconButton label={`Disconnect ${data?.title ?? "node"}`} size="sm" onClick={() => onRemove(id)}>
          <X />
        </IconButton>
      )}
    </li>
  );
}
