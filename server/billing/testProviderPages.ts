import type { TestReceipt } from "../../domain/billing/api";
import type { Db } from "../db/client";
import type { ProviderEvent } from "./billingEvents";
import { currentSubscription } from "./billingQueries";
import type { BillingReceiptTasks } from "./billingReceiptTasks";
import type { BillingProvider } from "./provider";
import {
  cancelTestCheckout,
  completeTestCheckout,
  openTestSession,
  type TestPortalAction,
  testPortalEvents,
  testReceipt,
} from "./testProvider";

/** What the test provider's checkout, portal and receipt pages ask for; each session and purchase is the caller's own. */
export function testProviderPages(db: Db, provider: BillingProvider, receipts: BillingReceiptTasks) {
  const applyAll = async (events: ProviderEvent[]) => {
    for (const e of events) await receipts.apply(provider, e);
  };
  return {
    async session(userId: string, id: string) {
      const { item, status } = await openTestSession(db, userId, id);
      return {
        id,
        status,
        name: item.name,
        kind: item.kind,
        amountCents: item.amountCents,
        credits: item.credits,
        interval: item.kind === "plan" ? item.interval : null,
      };
    },
    complete: async (userId: string, id: string) => applyAll(await completeTestCheckout(db, userId, id)),
    cancel: (userId: string, id: string) => cancelTestCheckout(db, userId, id),
    receipt: (userId: string, id: string): Promise<TestReceipt> => testReceipt(db, userId, id),
    /** A portal action, applied; the subscription as it now is. */
    async portal(userId: string, action: TestPortalAction) {
      await applyAll(await testPortalEvents(db, userId, action));
      return currentSubscription(db, userId);
    },
  };
}
