/**
 * What `zod` resolves to in the app's build (the alias in vite.config.ts): zod itself, configured before any
 * module can build a schema. zod's JIT probes `new Function("")` when it builds an object schema, which the
 * app page's Content-Security-Policy (no 'unsafe-eval') reports as a violation even though zod catches it
 * and falls back; jitless skips the probe, and the browser's validation load is small.
 *
 * An alias rather than an import at the top of main.tsx: a chunk shared with lazy pages (domain/canvas/node.ts,
 * say) is evaluated before the entry's own code, so a config there came too late for its schemas. Every
 * module that imports zod imports this module first.
 */
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
