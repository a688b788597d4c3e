import { Link } from "react-router";
import { Logo } from "../ui";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg p-8 text-center">
      <Logo size={40} />
      <h1 className="text-2xl font-semibold text-text">This page doesn't exist</h1>
      <p className="text-text-muted">The address may be mistyped, or the page has moved.</p>
      <Link to="/" className="text-accent underline-offset-4 hover:underline">
        Go to the studio
      </Link>
    </main>
  );
}
