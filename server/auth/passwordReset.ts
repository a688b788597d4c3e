import { randomBytes } from "node:crypto";
import type { Auth } from "./auth";
import type { Mailer } from "../mail/mailer";

/** How long a reset link works: better-auth's default, one hour. */
export const RESET_LINK_HOURS = 1;

/** The app's page that takes a new password for a reset token (app/auth/ResetPasswordPage.tsx). */
export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}

/** better-auth's sendResetPassword: the link goes to the account's own address. */
export function mailResetLink(mailer: Mailer, baseUrl: string) {
  return async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
    await mailer.send({
      to: user.email,
      subject: "Reset your Reelgraph password",
      text: [
        `Hello ${user.name || user.email},`,
        "",
        "Someone (hopefully you) asked to reset the password of your Reelgraph account. Choose a new one here:",
        "",
        resetLink(baseUrl, token),
        "",
        `The link works once, for ${RESET_LINK_HOURS} hour. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      ].join("\n"),
    });
  };
}

/**
 * A one-time reset link for an account, issued the way better-auth's own request-password-reset does
 * (a `reset-password:{token}` verification row holding the user id), for an operator whose studio has no
 * mail (`npm run admin -- reset-password EMAIL`). Null when no account has that address.
 */
export async function issueResetLink(auth: Auth, baseUrl: string, email: string): Promise<string | null> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return null;
  const token = randomBytes(18).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: found.user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 60 * 60 * 1000),
  });
  return resetLink(baseUrl, token);
}
