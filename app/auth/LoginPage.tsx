import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { signInSchema, signUpSchemaWith } from "../../domain/auth";
import { commonPasswordSet, PASSWORD_MIN, passwordProblem } from "../../domain/accounts/passwordPolicy";
import { useSession, useSignIn, useSignUp } from "../api/session";
import { safeReturnPath } from "./returnTo";
import { AuthFrame } from "./AuthFrame";
import { Button, Field, Input, Tabs, TabsContent, TabsList, TabsTrigger } from "../ui";

type Mode = "sign-in" | "sign-up";

/**
 * /login: sign in or create an account. The landing page's Get Started arrives with ?access-code=, which
 * opens on "Create account" (spec: shell 2 "Routes"; the page itself is ours to design).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [mode, setMode] = useState<Mode>(params.has("access-code") ? "sign-up" : "sign-in");

  useEffect(() => {
    if (session.data) navigate(safeReturnPath(params.get("next")), { replace: true });
  }, [session.data, navigate, params]);

  return (
    <AuthFrame
      title="Sign in"
      footer={
        <p className="mt-6 text-center text-xs text-text-muted">
          Your account lives on this studio's own server. No third-party sign-in, no tracking.
        </p>
      }
    >
      <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
        {/* Both tabs share the width; ! because cn does not merge the list's own inline-flex w-fit away. */}
        <TabsList className="mb-5 grid! w-full! grid-cols-2">
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="sign-up">Create account</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form");
    setError(null);
    signIn.mutate(parsed.data, { onError: (err) => setError(err.message) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <Field label="E-mail" htmlFor="signin-email">
        <Input id="signin-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
      </Field>
      <Field label="Password" htmlFor="signin-password">
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Link to="/forgot-password" className="self-end text-xs text-text-muted hover:text-accent focus-visible:text-accent">
          Forgot password?
        </Link>
      </Field>
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={signIn.isPending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}

const PASSWORD_ADVICE = `At least ${PASSWORD_MIN} characters; not a common password, your name or your e-mail`;
const NO_COMMON_PASSWORDS: ReadonlySet<string> = new Set();

/** The common-password list, loaded (a separate chunk) once the form is shown; empty until then. */
function useCommonPasswords(): ReadonlySet<string> {
  const [common, setCommon] = useState(NO_COMMON_PASSWORDS);
  useEffect(() => {
    let mounted = true;
    void commonPasswordSet().then((set) => mounted && setCommon(set));
    return () => {
      mounted = false;
    };
  }, []);
  return common;
}

function SignUpForm() {
  const signUp = useSignUp();
  const common = useCommonPasswords();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The same rule the server applies (domain/accounts/passwordPolicy.ts), said as the user types.
  const problem = password ? passwordProblem(password, { email, name }, common) : null;
  const advice = !password ? PASSWORD_ADVICE : (problem ?? "Good: this password meets the rules");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = signUpSchemaWith(common).safeParse({ name, email, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form");
    setError(null);
    signUp.mutate(parsed.data, { onError: (err) => setError(err.message) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Create account">
      <Field label="Name" htmlFor="signup-name">
        <Input id="signup-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </Field>
      <Field label="E-mail" htmlFor="signup-email">
        <Input id="signup-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field label="Password" htmlFor="signup-password">
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          aria-describedby="signup-password-advice"
          aria-invalid={problem ? true : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="signup-password-advice" aria-live="polite" className={problem ? "text-xs text-danger" : "text-xs text-text-muted"}>
          {advice}
        </p>
      </Field>
      <FormError message={error} />
      <Button type="submit" variant="primary" loading={signUp.isPending} className="w-full">
        Create account
      </Button>
    </form>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
