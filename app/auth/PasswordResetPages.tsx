import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { RESET_MAIL_SENT, requestPasswordResetSchema } from "../../domain/auth";
import { commonPasswordSet, passwordProblem } from "../../domain/accounts/passwordPolicy";
import { api } from "../api/client";
import { Button, Field, Input } from "../ui";
import { AuthFrame } from "./AuthFrame";

/** The sign-in frame with the page's heading and a way back to sign in. */
function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthFrame
      title={title}
      footer={
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="text-accent hover:underline">
            Back to sign in
          </Link>
        </p>
      }
    >
      <h1 className="mb-4 text-lg font-semibold text-text">{title}</h1>
      {children}
    </AuthFrame>
  );
}

function Message({ tone, children }: { tone: "error" | "ok"; children: ReactNode }) {
  const look = tone === "error" ? "border-danger/40 bg-danger/10 text-danger" : "border-success/40 bg-success/10 text-text";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${look}`}>
      {children}
    </p>
  );
}

/** /forgot-password: mails a reset link when the studio has SMTP; otherwise the server says whom to ask. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: (input: { email: string }) => api("POST", "/api/auth/request-password-reset", input) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form");
    setError(null);
    request.mutate(parsed.data, { onError: (err) => setError(err.message) });
  };

  return (
    <AuthCard title="Reset your password">
      {request.isSuccess ? (
        <Message tone="ok">{RESET_MAIL_SENT}</Message>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Forgot password">
          <p className="text-sm text-text-muted">
            Enter your account's e-mail address and we will send you a link to choose a new password.
          </p>
          <Field label="E-mail" htmlFor="forgot-email">
            <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          </Field>
          {error && <Message tone="error">{error}</Message>}
          <Button type="submit" variant="primary" loading={request.isPending} className="w-full">
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** /reset-password?token=…: the page a reset link opens (mailed, or printed by `npm run admin -- reset-password`). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [common, setCommon] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    void commonPasswordSet().then(setCommon);
  }, []);
  const reset = useMutation({
    mutationFn: (input: { newPassword: string; token: string }) => api("POST", "/api/auth/reset-password", input),
  });
  // The server also compares with the account's name and address; the form knows neither.
  const problem = password ? passwordProblem(password, {}, common) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !password) return setError(problem ?? "Enter a new password");
    setError(null);
    reset.mutate(
      { newPassword: password, token },
      {
        onError: (err) =>
          setError(err.message === "Invalid token" ? "This reset link has expired or was already used. Ask for a new one." : err.message),
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Message tone="error">This reset link is incomplete. Open the whole link from the e-mail, or ask for a new one.</Message>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {reset.isSuccess ? (
        <Message tone="ok">
          Your password is changed.{" "}
          <Link to="/login" className="text-accent underline">
            Sign in with it
          </Link>
          .
        </Message>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
          <Field label="New password" htmlFor="reset-password">
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus
            />
          </Field>
          {error && <Message tone="error">{error}</Message>}
          <Button type="submit" variant="primary" loading={reset.isPending} className="w-full">
            Save new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
