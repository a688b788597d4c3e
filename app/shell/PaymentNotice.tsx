import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CREDITS_KEY } from "../api/projects";
import { MESSAGES } from "../../domain/errors";
import { cn } from "../ui";

export const PAYMENT_NOTICE_MS = 5000;
/** After a payment, the balance is read again this often until the provider's confirmation has landed. */
const CONFIRMATION_POLL_MS = 2000;
const CONFIRMATION_WAIT_MS = 60_000;

/**
 * After a checkout the payment provider sends the user back to /?payment=success|cancelled. The notice
 * shows for 5 s, then the payment parameters leave the address (spec: shell 4 "Payment return").
 */
export function PaymentNotice() {
  const [params, setParams] = useSearchParams();
  const payment = params.get("payment");
  const [shown, setShown] = useState<"success" | "cancelled" | null>(null);
  const queryClient = useQueryClient();

  // The credits arrive when the provider confirms the payment (its webhook), which may be after the
  // return: the balance is read again every 2 s for a minute (past the notice and the address clean-up),
  // so it rises without a reload.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (payment === "success") setConfirming(true);
  }, [payment]);
  useEffect(() => {
    if (!confirming) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
    refresh();
    const poll = window.setInterval(refresh, CONFIRMATION_POLL_MS);
    const stop = window.setTimeout(() => setConfirming(false), CONFIRMATION_WAIT_MS);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(stop);
    };
  }, [confirming, queryClient]);

  useEffect(() => {
    if (payment !== "success" && payment !== "cancelled") return;
    setShown(payment);
    const timer = window.setTimeout(() => {
      setShown(null);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("payment");
          next.delete("session_id");
          return next;
        },
        { replace: true },
      );
    }, PAYMENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [payment, setParams]);

  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="payment-notice"
      className={cn(
        "fixed left-1/2 top-4 z-50 -translate-x-1/2 rounded-lg px-5 py-3 text-sm font-medium shadow-lg",
        shown === "success" ? "bg-success text-bg" : "bg-surface-2 text-text border border-border",
      )}
    >
      {shown === "success" ? MESSAGES.paymentSuccess : MESSAGES.paymentCancelled}
    </div>
  );
}
