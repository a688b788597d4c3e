import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BILLING_MESSAGES } from "../../domain/billing/api";
import { badRequest } from "../errors";
import { refuseDeepJson } from "../http/jsonBody";
import { parse } from "../validation";
import type { BillingService } from "./billingService";

/** The payment provider's webhook, read as raw bytes: they are what the signature covers. */
export function registerBillingWebhookRoute(app: FastifyInstance, billing: BillingService) {
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    // The text rule is applied to the parsed event here.
    scope.post("/api/billing/webhook", { config: { textRule: "per-item" } }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest(BILLING_MESSAGES.badSignature);
      const text = raw.toString("utf8");
      // Checked before parsing, as every other JSON body is (http/jsonBody.ts).
      refuseDeepJson(text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest("The webhook body is not JSON");
      }
      parse(z.unknown(), parsed);
      const outcome = await billing.webhook(raw, request.headers["stripe-signature"] as string | undefined);
      return { received: true, handled: outcome.handled };
    });
  });
}
