import { rm } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { randomBytes } from "node:crypto";
import { buildApp, type AppOptions } from "../app";
import type { Generation } from "../generation/setup";
import type { RealtimeHub } from "../realtime/hub";
import type { Database } from "../db/client";
import { openTestDatabase } from "./testDatabase";

export const TEST_SIGNUP_CREDITS = 5000;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
  headers: Record<string, string>;
}

export interface Harness {
  server: FastifyInstance;
  database: Database;
  hub: RealtimeHub;
  generation: Generation;
  /**
   * Signs a new user up through the real auth route, each from its own client address (a documentation
   * IPv6 network), so the per-address sign-up limit is not what a test about something else runs into.
   */
  signUp(name?: string): Promise<TestUser>;
  /** `server.inject` with the user's bearer token, JSON in and out. */
  call(user: TestUser | null, method: InjectOptions["method"], url: string, payload?: unknown): Promise<{ status: number; body: any }>;
  /** `keepDatabase`: the server stops but its database stays open, for a second harness on it (a restart). */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

let counter = 0;
let addressCounter = 0;

export interface HarnessOptions extends Pick<AppOptions, "generation" | "now" | "agent" | "billingEnv"> {
  /** Settings beyond the defaults, e.g. TRUST_PROXY or the dev server's origin. */
  config?: Partial<AppOptions["config"]>;
  /** Start on this database (one a closed harness kept) instead of a fresh one: the server restarted. */
  database?: Database;
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = options.database ?? (await openTestDatabase());
  const { server, hub, generation } = await buildApp({
    database,
    now: options.now,
    agent: options.agent,
    // The built-in test provider unless a test names another (never the machine's own Stripe key).
    billingEnv: options.billingEnv ?? {},
    config: {
      baseUrl: "http://localhost:3000",
      authSecret: randomBytes(32).toString("hex"),
      signupCredits: TEST_SIGNUP_CREDITS,
      port: 3000,
      // As a hosted operator runs it, so the local models move credits; free-by-default has its own test.
      priceLocalModels: true,
      ...options.config,
    },
    // Tests never see the machine's own provider keys.
    generation: { env: {}, ...options.generation },
  });

  const call: Harness["call"] = async (user, method, url, payload) => {
    const res = await server.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as InjectOptions["payload"] } : {}),
    });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body };
  };

  return {
    server,
    database,
    hub,
    generation,
    call,
    async signUp(name = `User ${++counter}`) {
      const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(3).toString("hex")}@example.com`;
      const res = await server.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: `2001:db8:0:${(++addressCounter).toString(16)}::1`,
        payload: { name, email, password: "correct horse 1" },
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      const body = JSON.parse(res.body) as { token: string; user: { id: string } };
      return { id: body.user.id, email, name, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
    },
    async close(closing = {}) {
      await server.close();
      if (closing.keepDatabase) return;
      await database.close();
      // The media folder made for this harness (a temp dir; never DATA_DIR) goes with it.
      const root = (generation.service.deps.storage as { root?: string }).root;
      if (root && path.basename(root).startsWith("reelgraph-media-")) await rm(root, { recursive: true, force: true });
    },
  };
}

/** Shares the owner's project with a member, through the members route (the answer, for a test of sharing itself). */
export function shareProject(h: Harness, owner: TestUser, projectId: string, member: TestUser, permission: "view" | "edit") {
  return h.call(owner, "POST", `/api/projects/${projectId}/members`, { email: member.email, permission });
}

/** The usual cast of a permission test: an owner's project shared read-only with a viewer, and a stranger. */
export async function projectWithViewer(h: Harness, projectName = "Shared") {
  const [owner, viewer, stranger] = await Promise.all([h.signUp("Owner"), h.signUp("Viewer"), h.signUp("Stranger")]);
  const projectId = (await h.call(owner, "POST", "/api/projects", { name: projectName })).body.id as string;
  await shareProject(h, owner, projectId, viewer, "view");
  return { owner, viewer, stranger, projectId };
}

/** The cast of projectWithViewer with an editor too: a member who may change the project but does not own it. */
export async function projectWithMembers(h: Harness, projectName = "Shared") {
  const [cast, editor] = await Promise.all([projectWithViewer(h, projectName), h.signUp("Editor")]);
  await shareProject(h, cast.owner, cast.projectId, editor, "edit");
  return { ...cast, editor };
}
