/**
 * A workflow file read and checked, every byte of it (runs in the workflow reader's worker thread:
 * workflowReaderHost.ts): the zip's directory and names, each entry inflated and checked against its CRC,
 * workflow.json parsed (depth-checked first) and validated, the text rule applied to its parsed fields
 * only, and each media file typed from its bytes (the manifest's type is only a claim). Nothing is stored.
 */
import {
  readWorkflowDocument,
  WORKFLOW_FILE_MESSAGES,
  WORKFLOW_LIMITS,
  WORKFLOW_MANIFEST,
  type WorkflowDocument,
  type WorkflowMedia,
} from "../../domain/workflowFile/format";
import { badRequest, payloadTooLarge } from "../errors";
import { exceedsJsonDepth } from "../http/jsonBody";
import { classifyHead, readTextUpload, SNIFF_BYTES, type StoredType } from "../media/sniffUpload";
import { openWorkflowZip, unpackedTooLarge } from "./workflowZip";

export interface CheckedMedia {
  path: string;
  bytes: Buffer;
  type: StoredType;
}

export interface ReadWorkflow {
  document: WorkflowDocument;
  files: CheckedMedia[];
}

/** Each file the manifest lists, typed from its bytes. */
async function checkMedia(zip: ReturnType<typeof openWorkflowZip>, listed: readonly WorkflowMedia[]): Promise<CheckedMedia[]> {
  const checked = new Map<string, CheckedMedia>();
  for (const item of listed) {
    if (checked.has(item.path)) continue;
    const bytes = zip.read(item.path);
    if (!bytes) throw badRequest(WORKFLOW_FILE_MESSAGES.missingMedia(item.path));
    const fileName = item.path.slice("media/".length);
    const verdict = await classifyHead(bytes.subarray(0, SNIFF_BYTES), fileName, item.contentType);
    const type = verdict === "text" ? readTextUpload(bytes, fileName, item.contentType).type : verdict;
    checked.set(item.path, { path: item.path, bytes, type });
  }
  return [...checked.values()];
}

export async function readWorkflowFile(zipBytes: Buffer): Promise<ReadWorkflow> {
  if (zipBytes.length > WORKFLOW_LIMITS.zipBytes) throw payloadTooLarge(WORKFLOW_FILE_MESSAGES.tooLarge);
  const zip = openWorkflowZip(zipBytes);
  const manifest = zip.read(WORKFLOW_MANIFEST);
  if (!manifest) throw badRequest(WORKFLOW_FILE_MESSAGES.notWorkflow);
  if (manifest.length > WORKFLOW_LIMITS.manifestBytes) throw unpackedTooLarge();
  let json: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(manifest);
    // Far deeper than any node's data: refused before the schema and the text rule would walk it.
    if (exceedsJsonDepth(text)) throw new Error("too deep");
    json = JSON.parse(text);
  } catch {
    throw badRequest(WORKFLOW_FILE_MESSAGES.damaged);
  }
  const read = readWorkflowDocument(json);
  if (!read.ok) throw badRequest(read.error);
  return { document: read.document, files: await checkMedia(zip, read.document.media) };
}
