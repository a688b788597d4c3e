// Fails when server/db/schema.ts and the migrations in drizzle/ disagree: drizzle-kit generate, run on a copy
// of drizzle/, must find nothing to migrate. (A schema edit without `npm run db:generate` would otherwise
// pass every test on a fresh database made by the migrations, and break on the next generate.)
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
// drizzle-kit takes `--out` relative to the working directory, so the copy lives inside the repository.
const scratch = mkdtempSync(join(root, ".schema-drift-"));
try {
  const out = join(scratch, "drizzle");
  cpSync(join(root, "drizzle"), out, { recursive: true });
  const before = new Set(readdirSync(out));
  const run = spawnSync(
    "npx",
    ["drizzle-kit", "generate", "--dialect", "postgresql", "--schema", "./server/db/schema.ts", "--out", relative(root, out)],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    throw new Error("drizzle-kit generate failed");
  }
  const added = readdirSync(out).filter((name) => !before.has(name));
  if (added.length) {
    console.error(
      `schema drift: server/db/schema.ts has changes no migration in drizzle/ makes (generate would write ${added.join(", ")}). Run npm run db:generate.`,
    );
    process.exitCode = 1;
  } else console.log("ok: server/db/schema.ts and drizzle/ agree (drizzle-kit generate finds nothing to migrate)");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
