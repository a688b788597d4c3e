import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkoutRequestSchema, listQuerySchema } from "../../domain/billing/api";
import { catalogItem } from "../../domain/billing/catalog";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import { usageCsv } from "./billingQueries";
import type { BillingService } from "./billingService";

/** Where the provider sends the user back to: this studio, as the browser reached it. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.headers.host ?? "localhost"}`;

/** The Billing page: its reads, checkout and the provider's portal. */
export function registerBillingPageRoutes(app: FastifyInstance, billing: BillingService) {
  app.get("/api/billing/config", async () => billing.config());

  app.post("/api/billing/checkout", async (request) => {
    const { priceId } = parse(checkoutRequestSchema, request.body ?? {});
    return billing.checkout(requireUser(request), catalogItem(priceId), originOf(request));
  });

  app.post("/api/billing/portal", async (request) => billing.portal(requireUser(request), originOf(request)));

  app.get("/api/billing/summary", async (request) => billing.summary(requireUser(request).id));

  /** The usage list, paged; `?format=csv` downloads every run. */
  app.get("/api/billing/usage", async (request, reply) => {
    const caller = requireUser(request);
    const query = request.query as Record<string, unknown>;
    if (query.format === "csv") {
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="reelgraph-usage.csv"')
        .send(usageCsv(await billing.allUsage(caller.id)));
    }
    const { limit, offset } = parse(listQuerySchema, { limit: query.limit, offset: query.offset });
    return billing.usage(caller.id, limit, offset);
  });

  app.get("/api/billing/history", async (request) => {
    const caller = requireUser(request);
    const { limit, offset } = parse(listQuerySchema, request.query ?? {});
    return { history: await billing.history(caller.id, limit, offset, request.log) };
  });
}
