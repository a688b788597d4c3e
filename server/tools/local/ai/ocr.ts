/**
 * "Read text" (OCR): tesseract.js 7 (Apache-2.0) with the English LSTM model from @tesseract.js-data/eng
 * (4.0.0_best_int, 3 MB gzipped). Everything loads from node_modules: langPath is that package's folder, the
 * worker script and the wasm core are tesseract.js's own Node files (it never uses corePath in Node), and
 * cacheMethod "none" keeps it from reading or writing eng.traineddata in the working directory.
 *
 * One worker thread per process, started on first use and kept; jobs run one at a time. It is unref'd while
 * idle so it never keeps the process alive by itself. Aborting a running job terminates the worker (a
 * recognition cannot be interrupted otherwise); the next call starts a fresh one.
 */
import path from "node:path";
import Tesseract from "tesseract.js";
import sharp from "sharp";
import { inspectImage, upright } from "./image";
import { packageDir, progress } from "./runtime";
import { ToolInputError, type AiRunOptions } from "./types";

/** Tesseract's own limit is far higher; past this size a page takes many seconds and much memory. */
export const MAX_OCR_PIXELS = 25_000_000;

type OcrWorker = Tesseract.Worker & { worker?: { ref(): void; unref(): void } | null };

let workerPromise: Promise<OcrWorker> | undefined;
let queue: Promise<unknown> = Promise.resolve();
/** The running job's progress, fed by the worker's logger. */
let onRecognizing: ((fraction: number) => void) | undefined;

function ocrWorker(): Promise<OcrWorker> {
  workerPromise ??= Tesseract.createWorker("eng", Tesseract.OEM.LSTM_ONLY, {
    langPath: path.join(packageDir("@tesseract.js-data/eng"), "4.0.0_best_int"),
    gzip: true,
    cacheMethod: "none",
    logger: (m) => {
      if (m.status === "recognizing text") onRecognizing?.(m.progress);
    },
    // Without a handler tesseract.js rethrows a failed job inside its message listener (an uncaught
    // exception); the job's own promise rejects with the same error, and that is where it is handled.
    errorHandler: () => {},
  }).then(
    (worker: OcrWorker) => {
      worker.worker?.unref();
      return worker;
    },
    (err: unknown) => {
      workerPromise = undefined;
      throw err;
    },
  );
  return workerPromise;
}

/** Stops the OCR worker thread, if one runs (for shutdown and tests); a later call starts a new one. */
export async function stopTextReader(): Promise<void> {
  const running = workerPromise;
  workerPromise = undefined;
  if (running) await (await running.catch(() => undefined))?.terminate();
}

/** The English text in the image, lines separated by "\n", trimmed; "" when there is none. */
export async function readText(image: Buffer, opts: AiRunOptions): Promise<string> {
  const report = progress(opts);
  opts.signal.throwIfAborted();
  const info = await inspectImage(image, "image", MAX_OCR_PIXELS);
  // Transparent areas become white paper; tesseract always gets an upright, lossless PNG. It takes a
  // resolution under 70 dpi (or none) as 70 and says so on stderr; saying 70 outright keeps it quiet.
  let page: Buffer;
  try {
    page = await upright(image)
      .flatten({ background: "#ffffff" })
      .greyscale()
      .withDensity(Math.max(70, info.density ?? 70))
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (err) {
    throw new ToolInputError(`image: the image could not be decoded (${err instanceof Error ? err.message : String(err)})`);
  }
  report(0.05);

  const job = queue.then(() => recognize(page, opts.signal, (f) => report(0.1 + 0.9 * f)));
  queue = job.catch(() => undefined);
  const text = await abortable(job, opts.signal); // a queued job that is aborted leaves at once
  report(1);
  return text;
}

async function recognize(page: Buffer, signal: AbortSignal, report: (fraction: number) => void): Promise<string> {
  signal.throwIfAborted(); // aborted while waiting for an earlier job
  const worker = await abortable(ocrWorker(), signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (workerPromise) void stopTextReader();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
  onRecognizing = report;
  worker.worker?.ref();
  try {
    const result = await Promise.race([worker.recognize(page), aborted]);
    return result.data.text.replace(/[ \t]+\n/g, "\n").trim();
  } finally {
    onRecognizing = undefined;
    worker.worker?.unref();
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts (the work itself goes on). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
