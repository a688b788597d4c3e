import { Link } from "react-router";
import { Logo, buttonClassName, cn } from "../ui";
import { GET_STARTED } from "./content";

export function LandingNav() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-bg/75 backdrop-blur-md supports-[backdrop-filter]:bg-bg/60">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <Link to="/" aria-label="Reelgraph home" className="inline-flex rounded-md">
          <Logo size={28} withWordmark />
        </Link>
        <ul className="hidden items-center gap-1 text-sm md:flex">
          <li>
            <a href="#features" className={navLink}>
              Features
            </a>
          </li>
          <li>
            <Link to="/pricing" className={navLink}>
              Pricing
            </Link>
          </li>
          <li>
            <a href="#faq" className={navLink}>
              FAQ
            </a>
          </li>
        </ul>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <Link to="/pricing" className={cn(navLink, "hidden sm:inline-flex md:hidden")}>
            Pricing
          </Link>
          <Link to="/login" className={navLink}>
            Sign in
          </Link>
          <Link to={GET_STARTED} className={buttonClassName("primary", "sm", "px-3 sm:px-3.5")}>
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}

const navLink =
  "whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-text-muted transition-colors hover:bg-surface-2 hover:text-text";
