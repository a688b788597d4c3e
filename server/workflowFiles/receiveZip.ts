/**
 * A workflow zip's bytes, received into one buffer of the size the request declares:
 * each chunk is copied in as it arrives, so the server's thread never copies 200 MB at once (joining the
 * chunks at the end did, and under load that held every other request for seconds). A body past the cap,
 * or past what it declared, is refused as soon as it passes it. The size must be declared: every browser
 * sends it for a file, and the cap is then checked before a byte is read.
 */
import type { FastifyRequest } from "fastify";
import { WORKFLOW_FILE_MESSAGES, WORKFLOW_LIMITS } from "../../domain/workflowFile/format";
import { lengthRequired, payloadTooLarge } from "../errors";

const tooLarge = () => payloadTooLarge(WORKFLOW_FILE_MESSAGES.tooLarge);

export function receiveZip(request: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) {
  const header = request.headers["content-length"];
  const declared = header === undefined ? NaN : Number(header);
  if (declared > WORKFLOW_LIMITS.zipBytes) return done(tooLarge());
  if (!Number.isSafeInteger(declared) || declared < 0) return done(lengthRequired(WORKFLOW_FILE_MESSAGES.sizeRequired));
  // Not zeroed: every byte is written before it is read (a short body is cut to what arrived).
  const body = Buffer.allocUnsafeSlow(declared);
  let size = 0;
  let failed = false;
  const fail = (err: Error) => {
    if (failed) return;
    failed = true;
    done(err);
  };
  payload.on("data", (chunk: Buffer) => {
    if (failed) return;
    if (size + chunk.length > declared) return fail(tooLarge());
    chunk.copy(body, size);
    size += chunk.length;
  });
  payload.on("end", () => !failed && done(null, size === declared ? body : body.subarray(0, size)));
  payload.on("error", (err: Error) => fail(err));
}
