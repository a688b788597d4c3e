import { z } from "zod";
import { passwordProblem } from "./accounts/passwordPolicy";

export const NAME_MAX = 80;

/** Trimmed and lower-cased before the format check, so " Ann@Example.com " is accepted as ann@example.com. */
export const emailSchema = z
  .string({ error: "Enter a valid e-mail address" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export { PASSWORD_MAX, PASSWORD_MIN } from "./accounts/passwordPolicy";

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
});

/** A person's display name: what sign-up and a profile change accept. Each message names the field. */
export const nameSchema = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), "Name cannot contain control characters");

/**
 * Sign-up as both the form and the server check it. `common` is the common-password list
 * (commonPasswordSet); the form passes an empty set until it has loaded, the server always the list.
 */
export function signUpSchemaWith(common: ReadonlySet<string>) {
  return z
    .object({ name: nameSchema, email: emailSchema, password: z.string({ error: "Enter a password" }) })
    .superRefine((account, ctx) => {
      const problem = passwordProblem(account.password, account, common);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    });
}

/** Every rule but the common-password list (which is loaded apart). */
export const signUpSchema = signUpSchemaWith(new Set());

/** better-auth's change-password body; the new password meets the same rule as at sign-up. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password"),
  newPassword: z.string({ error: "Enter a new password" }),
  revokeOtherSessions: z.boolean().optional(),
});

/** better-auth's reset-password body (the token may also come in the query). */
export const resetPasswordSchema = z.object({
  newPassword: z.string({ error: "Enter a new password" }),
  token: z.string().optional(),
});

/** "Forgot password?": the address to mail a reset link to. */
export const requestPasswordResetSchema = z.object({ email: emailSchema });

/** What "Forgot password?" says on a studio without mail (SMTP_HOST unset). */
export const RESET_WITHOUT_MAIL =
  "This studio cannot send e-mail. Ask the person who runs it for a reset link (npm run admin -- reset-password YOUR-EMAIL).";

/** What "Forgot password?" says once the request went out (the same whether or not the account exists). */
export const RESET_MAIL_SENT = "If an account uses that address, a reset link is on its way. It works once, for one hour.";

/** better-auth's update-user body, as far as this studio lets a person change it. */
export const updateUserSchema = z.object({ name: nameSchema.optional(), image: z.string().max(2048).nullable().optional() }).strict();

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The name the user menu shows: display name, else the part of the e-mail before the @ (shell 2). */
export function displayName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split("@")[0] ?? user.email;
}

/** The 429 text of the attempt limits (sign-in, sign-up, password changes and resets). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds >= 120
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}
