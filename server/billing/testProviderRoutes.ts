import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { testPortalActionSchema } from "../../domain/billing/api";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import type { BillingService } from "./billingService";

const sessionParams = z.object({ id: z.string().min(1).max(100) });

/** The test provider's own checkout, portal and receipt pages' calls (refused when it is not the studio's provider). */
export function registerTestProviderRoutes(app: FastifyInstance, billing: BillingService) {
  app.get("/api/billing/test/checkout/:id", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    return pages.session(caller.id, id);
  });

  app.post("/api/billing/test/checkout/:id/complete", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    await pages.complete(caller.id, id);
    return { redirect: `/?payment=success&session_id=${encodeURIComponent(id)}` };
  });

  app.post("/api/billing/test/checkout/:id/cancel", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    await pages.cancel(caller.id, id);
    return { redirect: "/?payment=cancelled" };
  });

  app.get("/api/billing/test/receipt/:id", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const { id } = parse(sessionParams, request.params);
    return pages.receipt(caller.id, id);
  });

  app.post("/api/billing/test/portal", async (request) => {
    const pages = billing.testPages();
    const caller = requireUser(request);
    const action = parse(testPortalActionSchema, request.body ?? {});
    return { subscription: await pages.portal(caller.id, action) };
  });
}
