import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createAuth, trustedOrigins, type Auth, type AuthConfig } from "./auth/auth";
import { AttemptLimiter } from "./auth/attemptLimiter";
import { DEFAULT_AUTH_LIMITS } from "./auth/authLimits";
import { cachedSessionUser } from "./auth/session";
import { SessionCache } from "./auth/sessionCache";
import { forbidden } from "./errors";
import { createMailer } from "./mail/mailer";
import { installErrorHandler } from "./http/errors";
import { installTextRule } from "./http/textRule";
import { installJsonBodyParser } from "./http/jsonBody";
import { BODY_LIMITS, installBodyLimits } from "./http/bodyLimits";
import { registerAuthRoutes } from "./http/authRoutes";
import { registerAdminRoutes } from "./http/adminRoutes";
import { registerProjectRoutes } from "./http/projectRoutes";
import { registerMemberRoutes } from "./http/memberRoutes";
import { registerCreditRoutes } from "./http/creditRoutes";
import { registerKeyRoutes } from "./keys/keyRoutes";
import { registerStaticRoutes } from "./http/staticRoutes";
import { registerCanvasRoutes } from "./http/canvasRoutes";
import { registerLiveRoutes } from "./http/liveRoutes";
import { registerUserLiveRoute } from "./http/userLiveRoute";
import { registerProjectAssetRoutes } from "./http/projectAssetRoutes";
import { Presence } from "./realtime/presence";
import { appContentSecurityPolicy } from "./http/contentSecurityPolicy";
import { registerScriptRoutes } from "./http/scriptRoutes";
import { registerBreakdownRoutes } from "./breakdown/breakdownRoutes";
import { registerStoryboardRoutes } from "./storyboard/storyboardRoutes";
import { registerAnimaticRoutes } from "./animatic/animaticRoutes";
import { registerAgentRoutes, type AgentRouteDeps } from "./agent/agentRoutes";
import { plannerChoice } from "./agent/planners";
import { registerScriptFileRoutes } from "./http/scriptFileRoutes";
import { RealtimeHub } from "./realtime/hub";
import { PgNotifyRelay } from "./realtime/pgRelay";
import { registerUploadRoutes } from "./http/uploadRoutes";
import { registerProxyRoutes } from "./http/proxyRoutes";
import { registerShotListRoutes } from "./shotlists/shotListRoutes";
import { registerAssetRoutes } from "./assets/assetRoutes";
import { createStorage } from "./storage/createStorage";
import type { MediaStorage } from "./storage/storage";
import { startGeneration, type Generation, type GenerationOptions } from "./generation/setup";
import { registerGenerationRoutes } from "./generation/generationRoutes";
import { registerGraphRunRoutes } from "./runs/runRoutes";
import { registerToolRoutes } from "./tools/toolRoutes";
import { registerShotImageGeneration } from "./shotlists/generateImageRoute";
import { registerBillingRoutes } from "./billing/billingRoutes";
import { billingProviderFrom } from "./billing/billingProviders";
import { registerWorkflowFileRoutes } from "./workflowFiles/workflowFileRoutes";
import { priceLocalRuns } from "../domain/generation/localRunPricing";
import { registerLibraryRoutes } from "./library/libraryRoutes";
import { studioChoicesFor } from "./workflowFiles/studioChoices";

export interface AppOptions {
  database: Database;
  config: AuthConfig &
    Partial<Pick<Config, "trustProxy" | "authLimits" | "smtp" | "priceLocalModels">> & { appDir?: string; dataDir?: string };
  /** The attempt limits' clock (tests move it instead of waiting). */
  now?: () => number;
  logger?: boolean;
  /** Where uploads go; default: S3 if S3_BUCKET is set, else DATA_DIR/media (a temp dir without dataDir). */
  storage?: MediaStorage;
  generation?: GenerationOptions;
  /** The agent's planner choice (tests give a scripted one); default: a configured model, else rule-based. */
  agent?: AgentRouteDeps;
  /** Where the payment provider's settings come from (billingProviders.ts); default: process.env. */
  billingEnv?: NodeJS.ProcessEnv;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  hub: RealtimeHub;
  generation: Generation;
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function buildApp({
  database,
  config,
  logger = false,
  storage,
  generation: generationOptions,
  now,
  agent,
  billingEnv,
}: AppOptions): Promise<App> {
  // request.ip is the socket's address unless a proxy is configured as trusted (TRUST_PROXY).
  // Each route's body limit is set where it is registered (http/bodyLimits.ts); this one is unknown paths'.
  const server = Fastify({ logger, bodyLimit: BODY_LIMITS.standard, trustProxy: config.trustProxy ?? false });
  // One setting per process: every price this server shows or charges reads it.
  priceLocalRuns(config.priceLocalModels ?? false);
  const mailer = config.smtp ? createMailer(config.smtp) : undefined;
  const auth = createAuth(database.db, config, mailer);
  const allowedOrigins = new Set(trustedOrigins(config));
  // Who a token belongs to, kept a few seconds (auth/sessionCache.ts); auth calls forget the caller's entries.
  const sessions = new SessionCache();

  installErrorHandler(server, { requestLogging: logger });
  installTextRule(server);
  installJsonBodyParser(server);
  installBodyLimits(server);
  server.decorateRequest("sessionUser", null);

  server.addHook("onRequest", async (request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "same-origin");
    reply.header("X-Frame-Options", "DENY");
    if (!request.url.startsWith("/api/") || request.url.startsWith("/api/auth/")) return;
    // Cookie-authenticated writes must come from the studio's own pages (CSRF); bearer clients are exempt.
    const origin = request.headers.origin;
    // WebSocket upgrades are GETs, but a foreign page opening one would act with the user's cookie.
    const sensitive = MUTATING.has(request.method) || request.headers.upgrade?.toLowerCase() === "websocket";
    if (sensitive && origin && !request.headers.authorization && !allowedOrigins.has(origin)) {
      throw forbidden("Cross-site request refused");
    }
    request.sessionUser = await cachedSessionUser(sessions, auth, request);
  });

  server.get("/api/health", async () => ({ ok: true, db: database.kind }));
  registerAuthRoutes(server, auth, {
    db: database.db,
    limiter: new AttemptLimiter(database.db, now),
    limits: config.authLimits ?? DEFAULT_AUTH_LIMITS,
    mailEnabled: Boolean(mailer),
  });
  registerAdminRoutes(server, auth, config);
  registerCreditRoutes(server, database.db);
  registerBillingRoutes(server, database.db, billingProviderFrom(database.db, billingEnv ?? process.env));
  registerKeyRoutes(server, database.db, config.authSecret);
  // One PGlite process needs no relay; PostgreSQL may be shared by several server instances.
  const hub = new RealtimeHub(database.kind === "postgres" ? await PgNotifyRelay.start(database.notifier) : undefined);
  server.addHook("onClose", () => hub.close());
  registerProjectRoutes(server, database.db, hub);
  registerMemberRoutes(server, database.db, hub);
  registerCanvasRoutes(server, database.db, hub);
  const presence = new Presence(hub);
  server.addHook("onClose", () => presence.close());
  await registerLiveRoutes(server, database.db, hub, auth, sessions, presence);
  registerUserLiveRoute(server, hub, auth);
  registerScriptRoutes(server, database.db, hub);
  registerBreakdownRoutes(server, database.db);
  registerStoryboardRoutes(server, database.db);
  await registerScriptFileRoutes(server, database.db);
  const mediaStorage = storage ?? createStorage(process.env, config.dataDir);
  await registerUploadRoutes(server, database.db, mediaStorage);
  registerProxyRoutes(server, database.db, mediaStorage);
  registerProjectAssetRoutes(server, database.db, mediaStorage);
  await registerShotListRoutes(server, database.db, hub, mediaStorage);
  await registerAssetRoutes(server, database.db, mediaStorage);
  const generation = await startGeneration(database, hub, mediaStorage, config.authSecret, generationOptions);
  // Stop taking jobs before the hub and database go away.
  server.addHook("onClose", () => generation.close());
  registerGenerationRoutes(server, generation.service);
  registerGraphRunRoutes(server, generation.service);
  registerToolRoutes(server, generation.service);
  registerShotImageGeneration(server, database.db, generation.service);
  registerAnimaticRoutes(server, { db: database.db, hub, generation: generation.service });
  await registerWorkflowFileRoutes(server, { db: database.db, storage: mediaStorage, generation: generation.service });
  const studioChoices = (userId: string) => studioChoicesFor(generation.service.deps, userId);
  registerLibraryRoutes(server, { db: database.db, studioChoices });
  registerAgentRoutes(server, database.db, hub, {
    studioChoices,
    ...(agent ?? { plannerFor: plannerChoice(database.db, config.authSecret, generationOptions?.env ?? process.env) }),
  });
  if (config.appDir) await registerStaticRoutes(server, config.appDir, appContentSecurityPolicy(process.env));
  return { server, auth, hub, generation };
}
