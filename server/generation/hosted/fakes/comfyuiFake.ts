/**
 * A ComfyUI server, as its API behaves: POST /prompt {prompt, client_id} validates the graph and answers
 * {prompt_id, number, node_errors}; the run is reported on the client's WebSocket /ws?clientId= (status,
 * execution_start, executing {node}, progress {value, max}, executed, executing {node: null},
 * execution_success or execution_error); GET /history/{id} then holds outputs and status (written a moment
 * after the socket says done, as in ComfyUI); GET /view serves the files; POST /upload/image stores an input;
 * GET /object_info/CheckpointLoaderSimple lists checkpoints; POST /queue {delete} and /interrupt cancel.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { samplePng } from "./sampleMedia";

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface ComfyJob {
  id: string;
  clientId: string;
  graph: Graph;
}

export interface ComfyUIFakeOptions {
  /** When set, HTTP and WebSocket calls need `Authorization: Bearer {key}` (a server behind a proxy). */
  key?: string;
  checkpoints?: string[];
  /** How /object_info lists them: ComfyUI before and after its COMBO input format change. */
  comboFormat?: "legacy" | "options";
  /** Jobs never finish (for cancel tests). */
  hold?: boolean;
  /** The run fails in KSampler with this exception message. */
  failWith?: string;
  /** Refuse WebSocket upgrades (progress must then come from polling alone). */
  noSocket?: boolean;
}

export type ComfyUIFake = FakeServer & {
  jobs: ComfyJob[];
  uploads: { name: string; type: string; bytes: Buffer }[];
  sockets: { clientId: string; headers: IncomingMessage["headers"] }[];
  deleted: string[];
  interrupted: unknown[];
};

const outputName = (job: ComfyJob, i: number) => `reelgraph_${job.id}_${String(i + 1).padStart(5, "0")}_.png`;

export async function startComfyUIFake(options: ComfyUIFakeOptions = {}): Promise<ComfyUIFake> {
  const checkpoints = options.checkpoints ?? ["sd_xl_base_1.0.safetensors", "v1-5-pruned-emaonly.safetensors"];
  const jobs: ComfyJob[] = [];
  const uploads: ComfyUIFake["uploads"] = [];
  const sockets: ComfyUIFake["sockets"] = [];
  const deleted: string[] = [];
  const interrupted: unknown[] = [];
  const history = new Map<string, unknown>();
  const clients = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  const authorized = (req: IncomingMessage) => !options.key || req.headers.authorization === `Bearer ${options.key}`;

  const server = await startFakeServer({
    errorBody: (status) => ({ error: { type: "http_error", message: `HTTP ${status}`, details: "", extra_info: {} } }),
    authorized,
    setup(http, state) {
      http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = new URL(req.url ?? "/", "http://fake");
        if (state.failWith === "hang") return;
        if (options.noSocket || state.failWith !== null || url.pathname !== "/ws" || !authorized(req)) {
          socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const clientId = url.searchParams.get("clientId") ?? "anonymous";
          sockets.push({ clientId, headers: req.headers });
          clients.set(clientId, ws);
          ws.send(JSON.stringify({ type: "status", data: { status: { exec_info: { queue_remaining: jobs.length } }, sid: clientId } }));
        });
      });
    },
    async handle({ req, res, url, body, json }) {
      if (req.method === "GET" && url.pathname === "/object_info/CheckpointLoaderSimple") {
        const ckpt =
          options.comboFormat === "options"
            ? ["COMBO", { options: checkpoints, tooltip: "The checkpoint to load." }]
            : [checkpoints, { tooltip: "The checkpoint to load." }];
        return sendJson(res, 200, {
          CheckpointLoaderSimple: {
            input: { required: { ckpt_name: ckpt } },
            output: ["MODEL", "CLIP", "VAE"],
            name: "CheckpointLoaderSimple",
          },
        });
      }
      if (req.method === "POST" && url.pathname === "/upload/image") {
        const form = await new Response(new Uint8Array(body), {
          headers: { "content-type": req.headers["content-type"] ?? "" },
        }).formData();
        const file = form.get("image");
        if (!file || typeof file === "string") return sendJson(res, 400, "No image");
        uploads.push({ name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) });
        return sendJson(res, 200, { name: file.name, subfolder: "", type: String(form.get("type") ?? "input") });
      }
      if (req.method === "POST" && url.pathname === "/prompt") {
        const { prompt, client_id } = json() as { prompt: Graph; client_id: string };
        const problem = validate(prompt);
        if (problem) {
          return sendJson(res, 400, {
            error: { type: "prompt_outputs_failed_validation", message: "Prompt outputs failed validation", details: "", extra_info: {} },
            node_errors: {
              [problem.node]: {
                errors: [{ type: "value_not_in_list", message: "Value not in list", details: problem.details, extra_info: {} }],
                class_type: prompt[problem.node]?.class_type,
              },
            },
          });
        }
        const job: ComfyJob = { id: `prompt-${jobs.length + 1}`, clientId: client_id, graph: prompt };
        jobs.push(job);
        sendJson(res, 200, { prompt_id: job.id, number: jobs.length, node_errors: {} });
        if (!options.hold) void execute(job);
        return;
      }
      const hist = /^\/history\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && hist) {
        const entry = history.get(decodeURIComponent(hist[1]!));
        return sendJson(res, 200, entry ? { [decodeURIComponent(hist[1]!)]: entry } : {});
      }
      if (req.method === "GET" && url.pathname === "/view") {
        const job = jobs.find((j) => url.searchParams.get("filename")?.includes(`_${j.id}_`));
        if (!job || url.searchParams.get("type") !== "output") return false;
        return sendBytes(res, "image/png", samplePng(url.searchParams.get("filename")!));
      }
      if (req.method === "POST" && url.pathname === "/queue") {
        deleted.push(...((json() as { delete?: string[] }).delete ?? []));
        return sendJson(res, 200, {});
      }
      if (req.method === "POST" && url.pathname === "/interrupt") {
        interrupted.push(body.length ? json() : {});
        return sendJson(res, 200, {});
      }
      return false;
    },
  });

  function validate(graph: Graph): { node: string; details: string } | undefined {
    for (const [id, node] of Object.entries(graph)) {
      if (node.class_type === "CheckpointLoaderSimple" && !checkpoints.includes(String(node.inputs.ckpt_name))) {
        return { node: id, details: `ckpt_name: '${String(node.inputs.ckpt_name)}' not in list` };
      }
      if (node.class_type === "LoadImage" && !uploads.some((u) => u.name === node.inputs.image)) {
        return { node: id, details: `Invalid image file: ${String(node.inputs.image)}` };
      }
    }
    return undefined;
  }

  async function execute(job: ComfyJob) {
    const ws = clients.get(job.clientId);
    const send = (type: string, data: Record<string, unknown>) =>
      ws?.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type, data: { ...data, prompt_id: job.id } }));
    const tick = () => new Promise((r) => setTimeout(r, 2));
    const sampler = Object.entries(job.graph).find(([, n]) => n.class_type === "KSampler");
    const steps = Number(sampler?.[1].inputs.steps ?? 4);
    const batch = Number(Object.values(job.graph).find((n) => n.class_type === "EmptyLatentImage")?.inputs.batch_size ?? 1);
    const messages: [string, Record<string, unknown>][] = [["execution_start", { prompt_id: job.id, timestamp: Date.now() }]];

    send("execution_start", { timestamp: Date.now() });
    for (const id of Object.keys(job.graph)) {
      send("executing", { node: id, display_node: id });
      await tick();
      if (id === sampler?.[0]) {
        if (options.failWith) {
          const error = {
            prompt_id: job.id,
            node_id: id,
            node_type: "KSampler",
            exception_message: options.failWith,
            exception_type: "RuntimeError",
            traceback: [],
          };
          messages.push(["execution_error", error]);
          send("execution_error", error);
          setTimeout(
            () => history.set(job.id, { prompt: [], outputs: {}, status: { status_str: "error", completed: false, messages } }),
            20,
          );
          return;
        }
        for (let value = 1; value <= steps; value++) {
          send("progress", { value, max: steps, node: id });
          await tick();
        }
      }
    }
    const images = Array.from({ length: batch }, (_, i) => ({ filename: outputName(job, i), subfolder: "", type: "output" }));
    send("executed", { node: "9", display_node: "9", output: { images } });
    send("executing", { node: null });
    send("execution_success", { timestamp: Date.now() });
    messages.push(["execution_success", { prompt_id: job.id, timestamp: Date.now() }]);
    // ComfyUI writes the history when the task is done, just after telling the socket.
    setTimeout(() => {
      history.set(job.id, {
        prompt: [jobs.indexOf(job), job.id, job.graph, { client_id: job.clientId }, ["9"]],
        outputs: { "9": { images }, "99": { images: [{ filename: `preview_${job.id}.png`, subfolder: "", type: "temp" }] } },
        status: { status_str: "success", completed: true, messages },
      });
    }, 20);
  }

  const close = server.close;
  return Object.assign(server, {
    jobs,
    uploads,
    sockets,
    deleted,
    interrupted,
    close: async () => {
      for (const ws of clients.values()) ws.terminate();
      wss.close();
      await close();
    },
  });
}
