import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { recordCreditMovement, signupGrantKey } from "../services/creditLedger";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../domain/auth";

/**
 * better-auth does accounts, password hashing and sessions (stored in the database). The browser gets an
 * httpOnly cookie; API clients send the token from sign-in/sign-up as `Authorization: Bearer`.
 */
/** Pages allowed to act with a user's cookie: the studio's own address, loopback, and the Vite dev server. */
export function trustedOrigins(config: Pick<Config, "baseUrl" | "port">): string[] {
  return [...new Set([config.baseUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`, "http://localhost:5173"])];
}

export function createAuth(db: Db, config: Pick<Config, "baseUrl" | "authSecret" | "signupCredits" | "port">) {
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
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
    // Auth's own per-IP limiter would throttle our own test suites on one loopback address; login
    // throttling belongs with the deployment's proxy until accounts face the open internet.
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await recordCreditMovement(db, {
              userId: user.id,
              delta: config.signupCredits,
              reason: "Sign-up allowance",
              idempotencyKey: signupGrantKey(user.id),
            });
          },
        },
      },
    },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
