/**
 * A worker thread that runs the "Local AI" tools (tfjs on wasm, Human, tesseract.js). Their model work
 * blocks the thread it runs on for up to half a second at a time; here that is not the thread that answers
 * every other request. Runs arrive one message each and may be aborted; progress goes back as it comes.
 */
import { parentPort } from "node:worker_threads";
import type { ParamValue } from "../../domain/generation/parameterRules";
import { isToolInputError, runLocalTool, type ToolInputs } from "./runLocalTool";
import type { HostMessage, WorkerMessage } from "./localToolHost";

const port = parentPort!;
const running = new Map<number, AbortController>();
const asBuffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

function revive(inputs: ToolInputs): ToolInputs {
  return {
    node: inputs.node ? { ...inputs.node, bytes: asBuffer(inputs.node.bytes) } : null,
    nodeText: inputs.nodeText,
    connected: inputs.connected.map((c) => (c.media ? { ...c, media: { ...c.media, bytes: asBuffer(c.media.bytes) } } : c)),
  };
}

const send = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on("message", async (m: HostMessage) => {
  if (m.type === "abort") {
    running.get(m.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(m.id, controller);
  try {
    const product = await runLocalTool(m.toolId, revive(m.inputs), m.params as Record<string, ParamValue>, {
      signal: controller.signal,
      onProgress: (fraction) => send({ type: "progress", id: m.id, fraction }),
    });
    send({ type: "done", id: m.id, product });
  } catch (err) {
    send({
      type: "failed",
      id: m.id,
      message: err instanceof Error ? err.message : String(err),
      inputError: isToolInputError(err),
      aborted: controller.signal.aborted,
    });
  } finally {
    running.delete(m.id);
  }
});
