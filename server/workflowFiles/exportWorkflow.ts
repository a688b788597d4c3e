/**
 * A canvas, or the chosen nodes of it, as a workflow file: workflow.json, and with `media` the
 * project's own files the nodes show under media/ (stored, not deflated again). Media of other projects or
 * of someone's library, and every media URL when media are left out, are not in the file.
 */
import { authorizeProject } from "../policies/projectPolicy";
import { getProject } from "../services/projectService";
import { and, eq, inArray } from "drizzle-orm";
import { zipSync, type Zippable } from "fflate";
import {
  WORKFLOW_FILE_MESSAGES,
  WORKFLOW_FORMAT,
  WORKFLOW_LIMITS,
  WORKFLOW_MANIFEST,
  WORKFLOW_VERSION,
  type WorkflowDocument,
  type WorkflowMedia,
} from "../../domain/workflowFile/format";
import { mediaIdOf, mediaUrlsIn, workflowNodeData } from "../../domain/workflowFile/nodeData";
import type { Db } from "../db/client";
import { media } from "../db/schema";
import { badRequest, payloadTooLarge } from "../errors";
import { loadCanvas } from "../services/canvasService";
import type { MediaStorage } from "../storage/storage";

export interface WorkflowExportDeps {
  db: Db;
  storage: MediaStorage;
}

const extensionOf = (key: string) => /\.([A-Za-z0-9]{1,8})$/.exec(key)?.[1]?.toLowerCase() ?? "bin";

/** The project's own media rows behind these URLs (never a library asset, never another project's). */
async function ownMedia(db: Db, projectId: string, urls: readonly string[]) {
  const ids = [...new Set(urls.map(mediaIdOf).filter((id): id is string => id !== null))];
  if (!ids.length) return [];
  return db
    .select({ id: media.id, key: media.key, contentType: media.contentType, size: media.size })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.projectId, projectId), eq(media.isAsset, false)));
}

/** The zip's bytes. The caller has checked that the user may view the project. */
/** The project's workflow file (or the chosen nodes'), for a caller who may view it, with the project's name. */
export async function exportWorkflowFor(
  deps: WorkflowExportDeps,
  userId: string,
  projectId: string,
  request: { nodeIds?: string[]; media: boolean },
): Promise<{ zip: Buffer; projectName: string }> {
  const permission = await authorizeProject(deps.db, userId, projectId, "view");
  const zip = await exportWorkflow(deps, projectId, request);
  return { zip, projectName: (await getProject(deps.db, projectId, permission)).name };
}

async function exportWorkflow(
  deps: WorkflowExportDeps,
  projectId: string,
  request: { nodeIds?: string[]; media: boolean },
): Promise<Buffer> {
  const canvas = await loadCanvas(deps.db, projectId);
  const chosen = request.nodeIds?.length ? new Set(request.nodeIds) : null;
  const nodes = chosen ? canvas.nodes.filter((n) => chosen.has(n.id)) : canvas.nodes;
  if (chosen && nodes.length === 0) throw badRequest(WORKFLOW_FILE_MESSAGES.noSelectedNodes);
  const ids = new Set(nodes.map((n) => n.id));
  const edges = canvas.edges.filter((e) => ids.has(e.source) && ids.has(e.target));

  // What the nodes show once their run-time fields are gone (a tool's last result is not part of the workflow).
  const kept = nodes.map((n) => ({ ...n, data: workflowNodeData(n.data, (url) => url) }));
  const files: Record<string, Uint8Array> = {};
  const manifest: WorkflowMedia[] = [];
  const pathOf = new Map<string, string>();
  if (request.media) {
    const urls = kept.flatMap((n) => mediaUrlsIn(n.data));
    const rows = await ownMedia(deps.db, projectId, urls);
    if (rows.reduce((sum, r) => sum + r.size, 0) > WORKFLOW_LIMITS.zipBytes) throw payloadTooLarge(WORKFLOW_FILE_MESSAGES.exportTooLarge);
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const pathById = new Map<string, string>();
    for (const url of urls) {
      const row = rowById.get(mediaIdOf(url)!);
      if (!row) continue;
      let path = pathById.get(row.id);
      if (!path) {
        const stored = await deps.storage.get(row.key);
        // A file gone from storage is left out like any media the file cannot carry.
        if (!stored) continue;
        path = `media/${pathById.size + 1}.${extensionOf(row.key)}`;
        files[path] = Buffer.concat(await stored.body.toArray());
        pathById.set(row.id, path);
      }
      pathOf.set(url, path);
      manifest.push({ ref: url, path, contentType: row.contentType });
    }
  }

  const document: WorkflowDocument = {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_VERSION,
    exportedAt: new Date().toISOString(),
    nodes: kept.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position,
      data: workflowNodeData(n.data, (url) => (pathOf.has(url) ? url : null)),
    })),
    edges: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
    })),
    media: manifest,
    // Groups with exported members, limited to them.
    groups: canvas.groups.flatMap((g) => {
      const nodeIds = g.nodeIds.filter((id) => ids.has(id));
      return nodeIds.length ? [{ ...g, nodeIds }] : [];
    }),
  };
  const zip: Zippable = {
    [WORKFLOW_MANIFEST]: new TextEncoder().encode(JSON.stringify(document, null, 2)),
    // Media are already compressed: stored, not deflated again.
    ...Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 0 }] as [Uint8Array, { level: 0 }]])),
  };
  return Buffer.from(zipSync(zip, { level: 6 }));
}
