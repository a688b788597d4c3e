/**
 * Imported first by main.tsx, before any schema is built: zod's JIT probes `new Function("")`, which the app
 * page's Content-Security-Policy (no 'unsafe-eval') reports as a violation even though zod catches it and
 * falls back. jitless skips the probe; the browser's validation load is small.
 */
import { z } from "zod";

z.config({ jitless: true });
