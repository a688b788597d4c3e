import { Coins } from "lucide-react";
import { useNavigate } from "react-router";
import { formatCredits, formatMoney, promisedCreditsMessage } from "../../domain/credits";
import { useCredits, usePromisedCredits } from "../api/projects";
import { Button, Tooltip } from "../ui";

/** Goes to pricing; the balance shows on hover (spec: shell 2 "Project top bar"). */
export function CreditsButton() {
  const navigate = useNavigate();
  const credits = useCredits();
  const balance = credits.data;
  const promised = usePromisedCredits().data ?? 0;
  const tip =
    balance === undefined
      ? "Loading balance…"
      : promised > 0
        ? promisedCreditsMessage(promised)
        : `${formatCredits(balance)} remaining (${formatMoney(balance)})`;
  return (
    <Tooltip content={tip}>
      <Button variant="ghost" size="sm" data-tour="credits" onClick={() => navigate("/pricing")} aria-label="Credits and plans">
        <Coins className="size-4 text-accent" />
        <span className="tabular-nums">{balance === undefined ? "—" : new Intl.NumberFormat("en-US").format(balance)}</span>
      </Button>
    </Tooltip>
  );
}
