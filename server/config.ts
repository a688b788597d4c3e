import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Public address of the studio (for auth's trusted origins). */
  baseUrl: string;
  authSecret: string;
  /** Credits granted once to every new account. */
  signupCredits: number;
  /** Directory of the built SPA; absent in API-only tests. */
  appDir?: string;
}

const positiveInt = (raw: string | undefined, fallback: number, name: string): number => {
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
};

/**
 * The auth secret signs session cookies. Without BETTER_AUTH_SECRET we make one once and keep it in the
 * data dir, so a restart does not sign everybody out.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, "PORT");
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    baseUrl: env.BASE_URL ?? `http://localhost:${port}`,
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    signupCredits: positiveInt(env.SIGNUP_CREDITS, 5000, "SIGNUP_CREDITS"),
    appDir: path.resolve(env.APP_DIR ?? "./dist/app"),
  };
}
