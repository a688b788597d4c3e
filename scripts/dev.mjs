// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload on :5173.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const children = [
  spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    // Vite's page on :5173 calls the API with the user's cookie: trusted here only, never in production.
    env: { ...process.env, APP_DIR: path.join(root, "dist/none"), DEV_SERVER_ORIGIN: "http://localhost:5173" },
  }),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], { cwd: root, stdio: "inherit" }),
];
console.log("Studio (hot reload): http://localhost:5173");
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
