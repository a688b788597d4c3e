/**
 * Receipts of purchases: a plan's invoices and a pack's receipts. A plan's invoice event carries its
 * invoice page; a pack's Checkout completion carries no receipt, so the provider is asked for it once the
 * grant is committed. Asking never holds or repeats a grant: a failure leaves the receipt empty, and it is
 * asked for again when the purchase history is read (or a later `charge.succeeded`/`charge.updated` brings it).
 */
import type { FastifyBaseLogger } from "fastify";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingPurchases } from "../db/schema";
import type { BillingProvider } from "./provider";

/** At most this many purchases are asked about per history read, at once (each under the provider's short time-out). */
const FILL_PER_READ = 5;

type Log = Pick<FastifyBaseLogger, "warn">;
type PurchaseRecord = typeof billingPurchases.$inferSelect;

/**
 * Receipts being asked for, by purchase: a webhook delivered again, or a history read, while the provider
 * is being asked joins that request instead of asking a second time.
 */
const asking = new Map<string, Promise<void>>();

/** After an event recorded a purchase: its receipt, if it has none yet. */
export async function fillReceipt(db: Db, provider: BillingProvider, purchaseId: string, log: Log): Promise<void> {
  const [row] = await db.select().from(billingPurchases).where(eq(billingPurchases.id, purchaseId));
  if (!row || row.receiptUrl || row.provider !== provider.name) return;
  await askForReceipt(db, provider, row, log);
}

/** Before the purchase history is read: the receipts of the user's newest purchases still without one. */
export async function fillMissingReceipts(db: Db, provider: BillingProvider, userId: string, log: Log): Promise<void> {
  const rows = await db
    .select()
    .from(billingPurchases)
    .where(
      and(
        eq(billingPurchases.userId, userId),
        eq(billingPurchases.provider, provider.name),
        isNull(billingPurchases.receiptUrl),
        isNotNull(billingPurchases.paymentRef),
      ),
    )
    .orderBy(desc(billingPurchases.createdAt))
    .limit(FILL_PER_READ);
  await Promise.all(rows.map((row) => askForReceipt(db, provider, row, log)));
}

function askForReceipt(db: Db, provider: BillingProvider, row: PurchaseRecord, log: Log): Promise<void> {
  let pending = asking.get(row.id);
  if (!pending) {
    pending = askProvider(db, provider, row, log).finally(() => asking.delete(row.id));
    asking.set(row.id, pending);
  }
  return pending;
}

async function askProvider(db: Db, provider: BillingProvider, row: PurchaseRecord, log: Log): Promise<void> {
  if (!row.paymentRef) return;
  let url: string | null;
  try {
    url = await provider.receiptUrl({ id: row.id, paymentRef: row.paymentRef });
  } catch (err) {
    log.warn({ err, purchaseId: row.id }, "could not fetch the receipt of a purchase; asked again when the history is read");
    return;
  }
  // Only into an empty receipt: a charge event may have filled it meanwhile.
  if (url)
    await db
      .update(billingPurchases)
      .set({ receiptUrl: url })
      .where(and(eq(billingPurchases.id, row.id), isNull(billingPurchases.receiptUrl)));
}
