import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const apiPort = process.env.PORT ?? "3000";

// The SPA lives in app/; `npm run dev` proxies /api to the Fastify server.
export default defineConfig({
  root: "app",
  plugins: [react(), tailwindcss()],
  // `zod` is zod configured for the page's Content-Security-Policy before any schema is built (app/zodConfig.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./app/zodConfig.ts", import.meta.url)) }] },
  build: {
    outDir: "../dist/app",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // The ui barrel (app/ui/index.ts) only re-exports: saying so lets the bundler link each import to the file that
      // defines it, so the first load carries the kit's parts it uses, not every part a lazy screen uses.
      treeshake: { moduleSideEffects: (id, external) => external || !id.endsWith("/app/ui/index.ts") },
    },
  },
  server: { port: 5173, proxy: { "/api": `http://localhost:${apiPort}` } },
});
