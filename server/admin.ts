import path from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createAuth } from "./auth/auth";
import { issueResetLink } from "./auth/passwordReset";
import { ADMIN_HEADER, adminProof } from "./http/adminRoutes";

/**
 * `npm run admin -- reset-password EMAIL`: prints a one-time reset link for a studio without mail. Reads the
 * same settings as `npm start` (DATA_DIR, DATABASE_URL, PORT, BASE_URL). A running studio issues the link
 * itself. The embedded PGlite must never be opened by two processes (even a studio still starting up would
 * be corrupted), so without a running studio only a PostgreSQL database (DATABASE_URL) is opened here.
 */
const USAGE = "Usage: npm run admin -- reset-password EMAIL";

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== "reset-password" || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const viaStudio = await askRunningStudio(config.port, config.authSecret, email);
  if (viaStudio) return report(viaStudio.link, email);
  if (!config.databaseUrl) {
    console.error(
      `No studio answers on port ${config.port}. Start it (npm start) and run this again: its embedded database can be opened by one process only.`,
    );
    return 1;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db"), pgliteInProcess: false });
  try {
    return report(await issueResetLink(createAuth(database.db, config), config.baseUrl, email), email);
  } finally {
    await database.close();
  }
}

function report(link: string | null, email: string): number {
  if (!link) {
    console.error(`No account uses ${email}`);
    return 1;
  }
  console.log(`A one-time link to choose a new password for ${email} (works once, for one hour):\n\n  ${link}\n`);
  return 0;
}

/** The link from the studio running on this machine, or undefined when none answers on PORT. */
async function askRunningStudio(port: number, authSecret: string, email: string): Promise<{ link: string | null } | undefined> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}/api/admin/password-reset-link`, {
      method: "POST",
      headers: { "content-type": "application/json", [ADMIN_HEADER]: adminProof(authSecret) },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    return undefined;
  }
  if (res.status === 404) return { link: null };
  if (!res.ok) throw new Error(`The studio on port ${port} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { link: string };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
