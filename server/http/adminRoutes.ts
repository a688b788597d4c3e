import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { emailSchema } from "../../domain/auth";
import type { Auth } from "../auth/auth";
import { issueResetLink } from "../auth/passwordReset";
import { forbidden, notFound } from "../errors";
import { parse } from "../validation";

export const ADMIN_HEADER = "x-reelgraph-admin";

/** What the admin CLI proves with: it can read this studio's auth secret (it runs on the same machine, same DATA_DIR). */
export function adminProof(authSecret: string): string {
  return createHmac("sha256", authSecret).update("reelgraph-admin-cli").digest("hex");
}

const resetLinkBody = z.object({ email: emailSchema });

/**
 * The admin CLI's way into a running studio (server/admin.ts): the embedded PGlite is one process per data
 * directory, so while the studio runs the CLI cannot open the database itself. Loopback only, and only with
 * the proof derived from the auth secret.
 */
export function registerAdminRoutes(app: FastifyInstance, auth: Auth, { authSecret, baseUrl }: { authSecret: string; baseUrl: string }) {
  app.post("/api/admin/password-reset-link", async (request) => {
    const proof = String(request.headers[ADMIN_HEADER] ?? "");
    const expected = adminProof(authSecret);
    const loopback =
      request.socket.remoteAddress === "127.0.0.1" ||
      request.socket.remoteAddress === "::1" ||
      request.socket.remoteAddress === "::ffff:127.0.0.1";
    if (!loopback || proof.length !== expected.length || !timingSafeEqual(Buffer.from(proof), Buffer.from(expected))) {
      throw forbidden("Only the studio's own admin command may do this");
    }
    const { email } = parse(resetLinkBody, request.body);
    const link = await issueResetLink(auth, baseUrl, email);
    if (!link) throw notFound(`No account uses ${email}`);
    return { link };
  });
}
