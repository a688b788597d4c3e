/**
 * A workflow file made ready for a project: everything is checked before anything is kept (the
 * zip, its names and sizes, the format and version, the nodes, each media file's real type from its
 * bytes), then the media are stored as the project's own under generated names, and the nodes come back
 * with new ids, placed beside the project's nodes, pointing at those copies, with what will not run here.
 * The canvas is not touched: the browser applies the answer through its command layer, as one undo step.
 * A file refused at any point leaves nothing behind.
 */
import { authorizeProject } from "../policies/projectPolicy";
import { randomUUID } from "node:crypto";
import type { NodeRecord } from "../../domain/canvas/changes";
import { MEDIA_URL_FIELDS, normalizeContentType } from "../../domain/canvas/contentType";
import type { NodeData } from "../../domain/canvas/node";
import { compatibilityReport, type StudioChoices } from "../../domain/workflowFile/compatibility";
import { type PreparedWorkflow } from "../../domain/workflowFile/api";
import type { WorkflowMedia } from "../../domain/workflowFile/format";
import { workflowNodeData } from "../../domain/workflowFile/nodeData";
import { remapWorkflow } from "../../domain/workflowFile/remap";
import type { Db } from "../db/client";
import { badRequest, unsupportedMediaType } from "../errors";
import { WORKFLOW_FILE_MESSAGES } from "../../domain/workflowFile/format";
import { media } from "../db/schema";
import { loadCanvas } from "../services/canvasService";
import type { MediaStorage } from "../storage/storage";
import type { CheckedMedia } from "./readWorkflowFile";
import { readWorkflowFileOffThread } from "./workflowReaderHost";

export interface WorkflowImportDeps {
  db: Db;
  storage: MediaStorage;
  studioChoices(userId: string): Promise<StudioChoices>;
}

const TYPE_WORDS: Record<string, string> = { image: "an image", video: "a video", audio: "audio", model3d: "a 3D model", text: "text" };

/**
 * A node's own media (its media URL fields and its versions') must be of the node's type, by the type sniffed
 * from the bytes (a text file was attached to an image node). Other URLs in a node (a
 * model parameter's reference image) may be of any kind.
 */
function checkNodeMediaTypes(
  nodes: readonly { id: string; data: NodeData }[],
  listed: readonly WorkflowMedia[],
  files: readonly CheckedMedia[],
): void {
  const typeOfPath = new Map(files.map((f) => [f.path, normalizeContentType(f.type.contentType)]));
  const pathOfRef = new Map(listed.map((m) => [m.ref, m.path]));
  for (const node of nodes) {
    const data = node.data as Record<string, unknown>;
    const declared = normalizeContentType(data.contentType);
    const versions = Array.isArray(data.versionHistory) ? (data.versionHistory as Record<string, unknown>[]) : [];
    const own: [unknown, ReturnType<typeof normalizeContentType>][] = [
      ...MEDIA_URL_FIELDS.map((field): [unknown, typeof declared] => [data[field], declared]),
      ...versions.flatMap((v): [unknown, typeof declared][] => {
        const expected = normalizeContentType(v?.contentType) ?? declared;
        return [
          [v?.mediaUrl, expected],
          [v?.permanentMediaUrl, expected],
        ];
      }),
    ];
    for (const [url, expected] of own) {
      const path = typeof url === "string" ? pathOfRef.get(url) : undefined;
      const actual = path ? typeOfPath.get(path) : undefined;
      if (!expected || !actual || actual === expected) continue;
      const name = typeof data.title === "string" && data.title ? data.title : node.id;
      throw badRequest(`The node "${name}" is ${TYPE_WORDS[expected]} node, but its media file (${path}) is ${TYPE_WORDS[actual]}.`);
    }
  }
}

/** Stores the files and their media rows; on any failure removes what it stored and rethrows. */
async function keepMedia(
  deps: WorkflowImportDeps,
  owner: { projectId: string; userId: string },
  files: readonly CheckedMedia[],
): Promise<Map<string, string>> {
  const urlOfPath = new Map<string, string>();
  const rows: (typeof media.$inferInsert)[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}.${file.type.ext}`;
      await deps.storage.put(key, file.bytes, file.type.contentType);
      rows.push({
        id,
        projectId: owner.projectId,
        ownerId: owner.userId,
        key,
        contentType: file.type.contentType,
        size: file.bytes.length,
        originalName: null,
      });
      urlOfPath.set(file.path, `/api/media/${id}`);
    }
    if (rows.length) await deps.db.insert(media).values(rows);
  } catch (err) {
    await Promise.all(rows.map((r) => deps.storage.delete(r.key).catch(() => undefined)));
    throw err;
  }
  return urlOfPath;
}

export async function prepareWorkflow(
  deps: WorkflowImportDeps,
  userId: string,
  projectId: string,
  zipBytes: unknown,
): Promise<PreparedWorkflow> {
  await authorizeProject(deps.db, userId, projectId, "edit");
  // Only a zip body is read into bytes (workflowFileRoutes.ts); anything else is refused after the access check.
  if (!Buffer.isBuffer(zipBytes)) throw unsupportedMediaType(WORKFLOW_FILE_MESSAGES.sendZip);
  // Every byte of the file is read and checked off this thread (workflowReaderHost.ts).
  const { document, files } = await readWorkflowFileOffThread(zipBytes);
  checkNodeMediaTypes(document.nodes, document.media, files);
  const [studio, canvas] = await Promise.all([deps.studioChoices(userId), loadCanvas(deps.db, projectId)]);

  const urlOfPath = await keepMedia(deps, { projectId, userId }, files);
  const urlOfRef = new Map(document.media.map((m) => [m.ref, urlOfPath.get(m.path)!]));
  // Media the file does not carry (another project's, or left out at export) are not named by the copies.
  const nodes = document.nodes.map(
    (n): NodeRecord => ({
      id: n.id,
      type: n.type,
      position: n.position,
      data: workflowNodeData(n.data, (url) => urlOfRef.get(url) ?? null),
    }),
  );
  const remapped = remapWorkflow(
    { nodes, edges: document.edges, groups: document.groups },
    { occupied: canvas.nodes.map((n) => n.position) },
  );
  return {
    nodes: remapped.nodes,
    edges: remapped.edges,
    groups: remapped.groups,
    issues: compatibilityReport(remapped.nodes, remapped.edges, studio),
    mediaCount: files.length,
  };
}
