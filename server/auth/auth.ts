import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { promiseSignupAllowance } from "../services/signupAllowance";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../domain/auth";
import type { Mailer } from "../mail/mailer";
import { mailResetLink } from "./passwordReset";

/**
 * better-auth does accounts, password hashing and sessions (stored in the database). The browser gets an
 * httpOnly cookie; API clients send the token from sign-in/sign-up as `Authorization: Bearer`.
 */
/**
 * Pages allowed to act with a user's cookie: the studio's own address and loopback, plus Vite's dev server
 * only when `npm run dev` says so (DEV_SERVER_ORIGIN), never in production.
 */
export function trustedOrigins(config: Pick<Config, "baseUrl" | "port" | "devServerOrigin">): string[] {
  const dev = config.devServerOrigin ? [config.devServerOrigin] : [];
  return [...new Set([config.baseUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`, ...dev])];
}

/** The client address as Fastify determined it (TRUST_PROXY), set by authRoutes.ts for better-auth to record. */
export const CLIENT_IP_HEADER = "x-reelgraph-client-ip";

export type AuthConfig = Pick<Config, "baseUrl" | "authSecret" | "signupCredits" | "port" | "devServerOrigin">;

/** `mailer` (SMTP configured) turns on "Forgot password?" by e-mail; without it the operator issues links (admin CLI). */
export function createAuth(db: Db, config: AuthConfig, mailer?: Mailer) {
  return betterAuth({
    appName: "Reelgraph",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // The real rule is domain/accounts/passwordPolicy.ts (applied in authBodies.ts), counted in characters;
      // better-auth counts UTF-16 units, so its ceiling leaves room for 128 characters outside the BMP.
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX * 2,
      ...(mailer ? { sendResetPassword: mailResetLink(mailer, config.baseUrl) } : {}),
      // A reset ends every other session of the account (someone else may have had the old password).
      revokeSessionsOnPasswordReset: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Attempts are limited by the studio itself, per account and per address and stored in the database
    // (authLimits.ts); better-auth's limiter counts per address and path only.
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Promised now, granted on the first real action (services/signupAllowance.ts).
          after: async (created) => {
            await promiseSignupAllowance(db, created.id, config.signupCredits);
          },
        },
      },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
