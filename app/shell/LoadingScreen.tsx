import { Logo } from "../ui";

/** The pulsing logo shown while the session resolves (spec: shell 2, page state 1). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg" role="status" aria-label="Loading the studio">
      <Logo size={56} className="animate-[pulse-logo_1.4s_ease-in-out_infinite]" />
    </div>
  );
}
