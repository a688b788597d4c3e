import { eq } from "drizzle-orm";
import { commonPasswordSet, passwordProblem, type PasswordOwner } from "../../domain/accounts/passwordPolicy";
import {
  changePasswordSchema,
  requestPasswordResetSchema,
  RESET_WITHOUT_MAIL,
  resetPasswordSchema,
  signInSchema,
  signUpSchemaWith,
  updateUserSchema,
  type SessionUser,
} from "../../domain/auth";
import type { Db } from "../db/client";
import { user, verification } from "../db/schema";
import { badRequest } from "../errors";
import { parse } from "../validation";

/** A request to better-auth after our checks: the body to send on, and the account it names. */
export interface CheckedAuthBody {
  body: unknown;
  email?: string;
}

/**
 * Validates the body of a better-auth path with the studio's own schemas from domain/ (better-auth checks
 * only lengths): names, and the password rule wherever a password is set. Bad input is a 400 naming the
 * field, before anything is counted or changed. Paths not listed go on as they came.
 */
export async function checkAuthBody(
  db: Db,
  path: string,
  body: unknown,
  signedIn: () => Promise<SessionUser | null>,
  tokenInQuery?: string,
  mailEnabled = false,
): Promise<CheckedAuthBody> {
  switch (path) {
    case "/sign-up/email": {
      // Only the fields a person fills in go on (no `image` URL or other extras at sign-up).
      const input = parse(signUpSchemaWith(await commonPasswordSet()), body);
      return { body: input, email: input.email };
    }
    case "/sign-in/email": {
      const input = parse(signInSchema, body);
      return { body: { ...(body as object), email: input.email }, email: input.email };
    }
    case "/change-password": {
      const input = parse(changePasswordSchema, body);
      // Signed out: better-auth answers 401 itself.
      await requireGoodPassword(input.newPassword, (await signedIn()) ?? {});
      return { body: input };
    }
    case "/reset-password": {
      const input = parse(resetPasswordSchema, body);
      await requireGoodPassword(input.newPassword, await resetTokenOwner(db, input.token ?? tokenInQuery));
      return { body: input };
    }
    case "/update-user":
      return { body: parse(updateUserSchema, body) };
    case "/request-password-reset": {
      if (!mailEnabled) throw badRequest(RESET_WITHOUT_MAIL);
      // Only the address goes on: the link in the mail is the studio's own page (passwordReset.ts).
      const input = parse(requestPasswordResetSchema, body);
      return { body: input, email: input.email };
    }
    default:
      return { body };
  }
}

async function requireGoodPassword(password: string, owner: PasswordOwner) {
  const problem = passwordProblem(password, owner, await commonPasswordSet());
  if (problem) throw badRequest(problem);
}

/** The account a reset token was issued for (better-auth keeps it as `reset-password:{token}` → user id). */
async function resetTokenOwner(db: Db, token: string | undefined): Promise<PasswordOwner> {
  if (!token) return {};
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row ?? {};
}
