import { Monitor } from "lucide-react";
import { useNavigate } from "react-router";
import { MESSAGES } from "../../domain/errors";
import { useSignOut } from "../api/session";
import { Button, Logo } from "../ui";

export function MobileGate() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-bg px-6 text-center">
      <Logo size={40} />
      <Monitor className="size-10 text-accent" aria-hidden />
      <h1 className="max-w-sm text-xl font-semibold text-text">{MESSAGES.mobileGateTitle}</h1>
      <p className="max-w-sm text-text-muted">{MESSAGES.mobileGateBody}</p>
      <Button
        variant="secondary"
        onClick={async () => {
          await signOut();
          navigate("/", { replace: true });
        }}
      >
        ← Back to Home
      </Button>
    </main>
  );
}
