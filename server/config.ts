import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_AUTH_LIMITS, type AuthLimitSettings } from "./auth/authLimits";
import { smtpSettingsFrom, type SmtpSettings } from "./mail/mailer";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * PGlite on the server's own thread instead of its own (PGLITE_IN_PROCESS=1): slower under concurrent
   * saves; bench/autosave runs it as the baseline it compares against.
   */
  pgliteInProcess: boolean;
  /** Public address of the studio (for auth's trusted origins). */
  baseUrl: string;
  authSecret: string;
  /** Credits granted once to every new account. */
  signupCredits: number;
  /**
   * Local models and tools cost credits (PRICE_LOCAL_MODELS=true, for a hosted operator). Off by default: on
   * a self-hosted studio they run on the film maker's own machine and cost nothing.
   */
  priceLocalModels: boolean;
  /** Directory of the built SPA; absent in API-only tests. */
  appDir?: string;
  /**
   * Which proxies may say who the client is through X-Forwarded-For (Fastify's trustProxy): false unless
   * TRUST_PROXY is set (true, a hop count, or addresses/CIDRs separated by commas). Without it the client
   * address is the socket's, so a spoofed header cannot dodge the attempt limits.
   */
  trustProxy: TrustProxy;
  /** Vite's dev server, trusted as an origin only under `npm run dev` (DEV_SERVER_ORIGIN). */
  devServerOrigin?: string;
  /** Attempt limits of sign-in, sign-up and password changes (AUTH_FAILURE_WINDOW_SECONDS, AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR). */
  authLimits: AuthLimitSettings;
  /** Outgoing mail (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS, MAIL_FROM): password reset links. */
  smtp?: SmtpSettings;
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

/** Fastify's trustProxy forms: all, none, addresses/CIDRs, or a test of each hop (for a hop count). */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

const positive = (raw: string | undefined, fallback: number, name: string): number => {
  const n = positiveInt(raw, fallback, name);
  if (n === 0) throw new Error(`${name} must be at least 1`);
  return n;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 3000, "PORT");
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteInProcess: env.PGLITE_IN_PROCESS === "1",
    baseUrl: env.BASE_URL ?? `http://localhost:${port}`,
    authSecret: env.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    signupCredits: positiveInt(env.SIGNUP_CREDITS, 5000, "SIGNUP_CREDITS"),
    priceLocalModels: env.PRICE_LOCAL_MODELS === "true" || env.PRICE_LOCAL_MODELS === "1",
    appDir: path.resolve(env.APP_DIR ?? "./dist/app"),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devServerOrigin: env.DEV_SERVER_ORIGIN || undefined,
    smtp: smtpSettingsFrom(env),
    authLimits: {
      failureWindowSeconds: positive(
        env.AUTH_FAILURE_WINDOW_SECONDS,
        DEFAULT_AUTH_LIMITS.failureWindowSeconds,
        "AUTH_FAILURE_WINDOW_SECONDS",
      ),
      signupsPerAddressPerHour: positive(
        env.AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR,
        DEFAULT_AUTH_LIMITS.signupsPerAddressPerHour,
        "AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR",
      ),
    },
  };
}
