import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../domain/auth";
import { ASSET_MESSAGES } from "../../domain/assetLibrary";
import { forbidden, unauthorized } from "../errors";

/** Every assets route needs a signed-in user, with the spec's wording (canvas 6). */
export function requireAssetUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(ASSET_MESSAGES.notAuthenticated);
  return request.sessionUser;
}

/**
 * The spec's clients send a userId; the session decides whose library it is. Naming somebody else is
 * refused outright (never quietly swapped), so a confused or hostile client learns it at once.
 */
export function assertOwnUser(callerId: string, userId: string | undefined): void {
  if (userId && userId !== callerId) throw forbidden(ASSET_MESSAGES.foreignUser);
}
