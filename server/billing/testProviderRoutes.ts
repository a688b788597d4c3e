import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { testPortalActionSchema } from "../../domain/billing/api";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import type { BillingService } from "./billingService";

const sessionParams = z.object({ id: z.string().min(1).max(100) });

/** A call about one test session: refused unless the test provider is set up, then the caller and the session id. */
function sessionCall(billing: BillingService, request: FastifyRequest) {
  const pages = billing.testPages();
  const caller = requireUser(request);
  const { id } = parse(sessionParams, request.params);
  return { pages, caller, id };
}

/** The test provider's own checkout, portal and receipt pages' calls (refused when it is not the studio's provider). */
export function registerTestProviderRoutes(app: FastifyInstance, billing: BillingService) {
  app.get("/api/billing/test/checkout/:id", async (request) => {
    const { pages, caller, id } = sessionCall(billing, request);
    return pages.session(caller.id, id);
  });

  app.post("/api/billing/test/checkout/:id/complete", async (request) => {
    const { pages, caller, id } = sessionCall(billing, request);
    await pages.complete(caller.id, id);
    return { redirect: `/?payment=success&session_id=${encodeURIComponent(id)}` };
  });

  app.post("/api/billing/test/checkout/:id/cancel", async (request) => {
    const { pages, caller, id } = sessionCall(billing, request);
    await pages.cancel(caller.id, id);
    return { redirect: "/?payment=cancelled" };
  });

  app.get("/api/billing/test/receipt/:id", async (request) => {
    const { pages, caller, id } = sessionCall(billing, request);
    return pages.receipt(caller.id, id);
  });

  app.post("/api/billing/test/portal", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const action = parse(testPortalActionSchema, request.body ?? {});
    return { subscription: await pages.portal(caller.id, action) };
  });
}
