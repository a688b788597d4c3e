/** What the Billing page reads: the plan, the usage of every run and the purchases, all from the ledger's side. */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { planById } from "../../domain/billing/catalog";
import { runName } from "../../domain/billing/runName";
import type { BillingSubscription, PurchaseRow, UsageRow } from "../../domain/billing/api";
import { rowsOf, type Db } from "../db/client";
import { billingPurchases, billingSubscriptions } from "../db/schema";

/** A run `g`'s ledger rows `l`: its hold and the capture or release that settled it (keys: runs/credits.ts). */
const RUN_LEDGER_ROWS = sql.raw(
  "l.user_id = g.user_id and l.idempotency_key in ('generation:' || g.id || ':reserve', 'generation:' || g.id || ':capture', 'generation:' || g.id || ':release')",
);

export async function currentSubscription(db: Db, userId: string): Promise<BillingSubscription | null> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), ne(billingSubscriptions.status, "canceled")))
    .orderBy(desc(billingSubscriptions.updatedAt))
    .limit(1);
  if (!row) return null;
  const plan = planById(row.planId);
  return {
    id: row.id,
    planId: row.planId,
    planName: plan ? `${plan.name} plan` : row.planId,
    interval: row.interval === "yearly" ? "yearly" : "monthly",
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * Each run of the user's, newest first: what it kept of its hold (reserve − capture return − release, from
 * the ledger rows keyed by the run) and whether it was refunded.
 */
export async function usageRows(db: Db, userId: string, limit: number, offset: number): Promise<UsageRow[]> {
  const result = await db.execute(sql`
    select g.id, g.created_at, g.project_id, p.name as project_name, g.node_id, n.data->>'title' as node_title, g.model_id, g.status, g.own_key,
      coalesce(-sum(l.delta), 0)::int as credits,
      bool_or(l.idempotency_key like '%:release') as refunded
    from generations g
    join projects p on p.id = g.project_id
    left join nodes n on n.project_id = g.project_id and n.id = g.node_id and not n.deleted
    left join credit_ledger l on ${RUN_LEDGER_ROWS}
    where g.user_id = ${userId}
    group by g.id, p.name, n.data
    order by g.created_at desc, g.id
    limit ${limit} offset ${offset}`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    createdAt: new Date(r.created_at as string).toISOString(),
    projectId: String(r.project_id),
    projectName: String(r.project_name),
    nodeId: String(r.node_id),
    nodeTitle: typeof r.node_title === "string" && r.node_title.trim() ? r.node_title : null,
    modelId: String(r.model_id),
    status: String(r.status),
    credits: Number(r.credits ?? 0),
    refunded: r.refunded === true,
    ownKey: r.own_key === true,
  }));
}

/** Credits kept per day and model over the last 30 days (UTC days, oldest first, every day present). */
export async function spentPerDay(db: Db, userId: string, now = new Date()): Promise<{ day: string; byModel: Record<string, number> }[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const result = await db.execute(sql`
    select to_char(g.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, g.model_id, coalesce(-sum(l.delta), 0)::int as credits
    from generations g
    join credit_ledger l on ${RUN_LEDGER_ROWS}
    where g.user_id = ${userId} and g.created_at >= ${since.toISOString()}
    group by 1, 2`);
  const days = new Map<string, Record<string, number>>();
  for (let i = 0; i < 30; i++) days.set(new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10), {});
  for (const r of rowsOf<{ day: string; model_id: string; credits: number }>(result)) {
    const credits = Number(r.credits);
    if (credits > 0 && days.has(r.day)) days.get(r.day)![r.model_id] = credits;
  }
  return [...days].map(([day, byModel]) => ({ day, byModel }));
}

export async function purchaseRows(db: Db, userId: string, limit: number, offset = 0): Promise<PurchaseRow[]> {
  const rows = await db
    .select()
    .from(billingPurchases)
    .where(eq(billingPurchases.userId, userId))
    .orderBy(desc(billingPurchases.createdAt), desc(billingPurchases.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    kind: r.kind,
    description: r.description,
    amountCents: r.amountCents,
    credits: r.credits,
    refundedCents: r.refundedCents,
    receiptUrl: r.receiptUrl,
  }));
}

const csvCell = (v: string | number | boolean) => {
  const s = String(v);
  // Quoted, and a leading formula character neutralised, so a spreadsheet never runs a project name.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replaceAll('"', '""')}"`;
};

export function usageCsv(rows: UsageRow[]): string {
  const head = ["Date", "Project", "Node", "Model or tool", "Status", "Credits", "Refunded", "Own key"];
  const lines = rows.map((r) =>
    [
      r.createdAt,
      r.projectName,
      r.nodeTitle ?? r.nodeId,
      runName(r.modelId),
      r.status,
      r.credits,
      r.refunded ? "yes" : "no",
      r.ownKey ? "yes" : "no",
    ]
      .map(csvCell)
      .join(","),
  );
  return [head.map(csvCell).join(","), ...lines].join("\r\n") + "\r\n";
}
