import { z } from "zod";

/** Trimmed and lower-cased before the format check, so " Ann@Example.com " is accepted as ann@example.com. */
export const emailSchema = z
  .string({ error: "Enter a valid e-mail address" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password"),
});

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Enter your name").max(80, "Name must be at most 80 characters"),
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});

export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The name the user menu shows: display name, else the part of the e-mail before the @ (shell 2). */
export function displayName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split("@")[0] ?? user.email;
}
