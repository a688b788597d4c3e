import { KEYED_PROVIDERS, type KeyedProvider } from "../../domain/providers/registry";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { KeyRound } from "lucide-react";
import { type ProviderKeyStatus } from "../../domain/generation/api";
import { loginPathFor } from "../auth/returnTo";
import { useSession } from "../api/session";
import { LoadingScreen } from "../shell/LoadingScreen";
import { BackLink, Button, Logo, Skeleton } from "../ui";
import { ProviderKeyRow } from "./ProviderKeyRow";
import { useProviderKeys } from "./useProviderKeys";

const isKeyed = (s: ProviderKeyStatus): s is ProviderKeyStatus & { provider: KeyedProvider } =>
  (KEYED_PROVIDERS as readonly string[]).includes(s.provider);

/** /settings: the signed-in user's provider keys. Signed out, it goes through sign-in and comes back. */
export function SettingsPage() {
  const session = useSession();
  // Opened from a locked model on a canvas, 'Back' returns to that canvas; otherwise to the projects.
  const back = (useLocation().state as { back?: unknown } | null)?.back;
  const backTo = typeof back === "string" && back.startsWith("/") && !back.startsWith("//") ? back : "/";
  useEffect(() => {
    document.title = "Settings · Studio";
  }, []);

  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <Navigate to={loginPathFor("/settings")} replace />;

  return (
    <div className="min-h-dvh bg-bg text-text">
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <BackLink to={backTo}>Back to studio</BackLink>
        <Logo size={28} withWordmark />
      </header>

      <main className="mx-auto max-w-3xl px-5 pb-20 sm:px-8">
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Settings</h1>
        <section aria-labelledby="keys-title" className="mt-8">
          <h2 id="keys-title" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="size-5 text-accent" aria-hidden="true" />
            Provider keys
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-text-muted">
            Bring your own keys for hosted models, or point the studio at your own ComfyUI or Ollama server. Runs on your own key cost no
            credits. Keys are encrypted on the server and never shown again: only their last four characters. Local models always work, with
            no key.
          </p>
          <ProviderKeyList />
        </section>
      </main>
    </div>
  );
}

function ProviderKeyList() {
  const keys = useProviderKeys();
  if (keys.isPending) {
    return (
      <ul className="mt-6 space-y-3" aria-busy="true" aria-label="Loading provider keys">
        {KEYED_PROVIDERS.map((p) => (
          <li key={p}>
            <Skeleton className="h-32 w-full rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (keys.isError) {
    return (
      <div role="alert" className="mt-6 rounded-xl border border-danger/40 bg-danger-soft p-5 text-sm">
        <p className="text-text">Could not load your provider keys. {keys.error.message}</p>
        <Button className="mt-3" onClick={() => void keys.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ul className="mt-6 space-y-3">
      {keys.data.filter(isKeyed).map((status) => (
        <ProviderKeyRow key={status.provider} provider={status.provider} status={status} />
      ))}
    </ul>
  );
}
