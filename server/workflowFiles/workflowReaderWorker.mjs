// The workflow reader worker thread's entry: TypeScript is loaded through tsx here (a worker does not
// inherit the parent's --import), then the worker's own module runs.
import { register } from "tsx/esm/api";

register();
await import("./workflowReaderWorker.ts");
