import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiPort = process.env.PORT ?? "3000";

// The SPA lives in app/; `npm run dev` proxies /api to the Fastify server.
export default defineConfig({
  root: "app",
  plugins: [react(), tailwindcss()],
  build: { outDir: "../dist/app", emptyOutDir: true, sourcemap: true, manifest: true },
  server: { port: 5173, proxy: { "/api": `http://localhost:${apiPort}` } },
});
