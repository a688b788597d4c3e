import type { NodeData, Position } from "../canvas/node";
import type { AgentNodeView } from "./planner";

const TEXT_CHARS = 500;
const KINDS = new Set<AgentNodeView["kind"]>(["text", "image", "video", "audio", "model3d"]);
const MEDIA_FIELDS = ["mediaUrl", "permanentMediaUrl", "displayUrl", "azureUrl"] as const;

/** A node as planners see it: what it is, what it says and which model it runs; never its media bytes. */
export function agentNodeView(n: { id: string; position: Position; data: NodeData }): AgentNodeView {
  const d = n.data;
  const kind =
    typeof d.contentType === "string" && KINDS.has(d.contentType as AgentNodeView["kind"])
      ? (d.contentType as AgentNodeView["kind"])
      : "none";
  const text = typeof d.content === "string" && d.content.trim() ? d.content.slice(0, TEXT_CHARS) : undefined;
  return {
    id: n.id,
    kind,
    title: (d.title ?? d.label ?? "").trim() || "Untitled",
    ...(d.prompt?.trim() ? { prompt: d.prompt.slice(0, 2000) } : {}),
    ...(text ? { text } : {}),
    ...(d.selectedModel ? { model: d.selectedModel } : {}),
    ...(d.aspectRatio ? { aspectRatio: d.aspectRatio } : {}),
    hasMedia: MEDIA_FIELDS.some((f) => typeof d[f] === "string" && d[f] !== ""),
    position: n.position,
  };
}
