import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// --- better-auth's tables (user, session, account, verification), named as its drizzle adapter expects.

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Credits promised at sign-up, granted once on the first real action (services/signupAllowance.ts). */
  signupAllowance: integer("signup_allowance").notNull().default(0),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- the studio's own tables.

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    thumbnail: text("thumbnail"),
    viewport: jsonb("viewport"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One owner may not have two projects of the same name, whatever the case (409 'already exists').
  (t) => [uniqueIndex("projects_owner_name_unique").on(t.ownerId, sql`lower(${t.name})`)],
);

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    permission: text("permission", { enum: ["edit", "view"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

/** Every credit movement is a row; the balance is their sum. The key makes each movement happen once. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_ledger_user_idx").on(t.userId)],
);

/**
 * Each user's balance: the sum of their ledger, kept beside it by a trigger on credit_ledger
 * (drizzle/0018_credit_balance_kept.sql), so a run's credit check reads one row instead of summing every
 * movement the user ever made. The ledger stays the record; nothing writes this table but the trigger.
 */
export const creditBalances = pgTable("credit_balances", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  balance: integer("balance").notNull().default(0),
});

// --- the canvas: one row per node and per edge, so one node's write never rewrites the canvas.
// The autosave's write of `nodes` (and of `projects.updated_at`) is the database function write_node_data
// (drizzle/0008_node_data_writer.sql): a migration that renames or retypes those columns replaces it too.

export const nodes = pgTable(
  "nodes",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    type: text("type").notNull().default("generic_v2"),
    x: doublePrecision("x").notNull().default(0),
    y: doublePrecision("y").notNull().default(0),
    data: jsonb("data").notNull().default({}),
    /**
     * 64-bit (an int4 revision stepped up to 2,147,483,647 left the node unwritable). Each
     * write moves it at most MAX_REV_STEP past the stored one, so the range outlasts any run of writes.
     */
    rev: bigint("rev", { mode: "number" }).notNull().default(0),
    /** A tombstone: deleted nodes stay so that a late write from another client cannot bring them back. */
    deleted: boolean("deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/**
 * A canvas's groups: a named, coloured frame around some nodes. Written whole by
 * canvasService.applyChanges (last writer wins); an ungrouped group's row is deleted, its nodes stay.
 */
export const canvasGroups = pgTable(
  "canvas_groups",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    colour: text("colour").notNull(),
    nodeIds: jsonb("node_ids").notNull().default([]),
    collapsed: boolean("collapsed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] })],
);

/**
 * A user's library of reusable blocks (issue 34, 3): a subgraph saved with a name and description, its
 * nodes' prompts, models, tools and parameters as a workflow file keeps them (no results, no media). Only its
 * owner sees it; it is inserted into a project as a new subgraph node through the canvas's one change path.
 */
export const libraryBlocks = pgTable(
  "library_blocks",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    subgraph: jsonb("subgraph").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Names differ by more than case: the agent finds a block by its name said in any case.
  (t) => [uniqueIndex("library_blocks_owner_name_unique").on(t.ownerId, sql`lower(${t.name})`)],
);

export const edges = pgTable(
  "edges",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    sourceHandle: text("source_handle"),
    targetHandle: text("target_handle"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.id] }), uniqueIndex("edges_pair_unique").on(t.projectId, t.source, t.target)],
);

/** Uploaded and generated files. `key` is a generated storage name; the original name is only metadata. */
export const media = pgTable(
  "media",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    originalName: text("original_name"),
    /** True for files in the user's own library (canvas Assets dialog, My Files). */
    isAsset: boolean("is_asset").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_project_idx").on(t.projectId), index("media_owner_idx").on(t.ownerId)],
);

// --- scripts: screenplays and plain files of a project (spec: shell 3 "Script file").

export const scripts = pgTable(
  "scripts",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 'screenplay', or a plain type: note, character, location, research. */
    fileType: text("file_type").notNull().default("screenplay"),
    elements: jsonb("elements").notNull().default([]),
    /** Plain files keep their text here; screenplays keep their elements above. */
    content: text("content").notNull().default(""),
    metadata: jsonb("metadata").notNull().default({}),
    /** Bumped on every save, so an editor can tell a newer remote version from its own. */
    version: integer("version").notNull().default(1),
    lastEditedBy: text("last_edited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scripts_project_idx").on(t.projectId)],
);

// --- generation: one row per run of a model on a node. pg-boss carries the work; this row carries
// what the user sees (status, progress, result) and what the ledger refers to (reserve/capture/release keys).

/** Hands out queue places: a new run goes to the end of its user's queue (server/runs/userQueue.ts). */
export const generationsQueuePositionSeq = pgSequence("generations_queue_position_seq");

export const generations = pgTable(
  "generations",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    nodeId: text("node_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    modelId: text("model_id").notNull(),
    /** The run kind that prepared it and runs it (server/runs/registry.ts); null in rows made before kinds. */
    kind: text("kind"),
    /** queued | running | succeeded | failed | cancelled | cached */
    status: text("status").notNull().default("queued"),
    /** The validated execute-node body plus the resolved context, so a resumed job runs the same thing. */
    request: jsonb("request").notNull(),
    result: jsonb("result"),
    error: text("error"),
    progress: integer("progress").notNull().default(0),
    /** Credits held for this run; 0 for free models and runs on the user's own key. */
    reservedCredits: integer("reserved_credits").notNull().default(0),
    ownKey: boolean("own_key").notNull().default(false),
    /** Hash of inputs, prompt, model and params; equal hash + earlier success = cached in Run from here. */
    inputHash: text("input_hash").notNull(),
    /** Run-from-here batch: every node of one chain shares it; `chainIndex` is the dependency order. */
    chainId: text("chain_id"),
    chainIndex: integer("chain_index").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** Its place in its user's queue (lower starts first); reordering swaps places among the waiting runs. */
    queuePosition: bigint("queue_position", { mode: "number" }).notNull().default(sql`nextval('generations_queue_position_seq')`),
    /** Set by the worker running it; a stale heartbeat means the worker died. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("generations_project_status_idx").on(t.projectId, t.status),
    index("generations_user_status_idx").on(t.userId, t.status),
    index("generations_node_hash_idx").on(t.projectId, t.nodeId, t.inputHash),
    index("generations_chain_idx").on(t.chainId),
    index("generations_user_queue_idx").on(t.userId, t.status, t.queuePosition),
  ],
);

/** A user's queue as they steer it: paused or not. The order is the runs' `queue_position`. */
export const runQueues = pgTable("run_queues", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  paused: boolean("paused").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's own provider keys (Settings page), AES-256-GCM encrypted with a server secret. */
export const providerKeys = pgTable(
  "provider_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** base64 of iv ‖ tag ‖ ciphertext. */
    secret: text("secret").notNull(),
    /** Last four characters, to show which key is stored without revealing it. */
    hint: text("hint").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

// --- shot lists: scenes with their shots kept as one document, like scripts keep elements.

export const shotLists = pgTable(
  "shot_lists",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scenes: jsonb("scenes").notNull().default([]),
    /** The script the list was broken down from; a second breakdown of it updates this list. */
    scriptId: text("script_id").references(() => scripts.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shot_lists_project_idx").on(t.projectId), index("shot_lists_script_idx").on(t.scriptId)],
);

/**
 * Counted auth attempts per key (`sign-in:account:{email}`, `sign-in:address:{ip}`, …), kept in the database
 * so limits hold across restarts and across studio processes (server/auth/attemptLimiter.ts).
 */
export const authAttempts = pgTable("auth_attempts", {
  key: text("key").primaryKey(),
  /** Attempts counted in the current window. */
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  /** Lockouts so far: each one lasts twice the one before. */
  lockouts: integer("lockouts").notNull().default(0),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
});

/**
 * The agent's chat of a project: every member reads it, live; `metadata` carries the nodes and
 * media a message is about and, on an agent answer, its plan and what became of it.
 */
export const agentMessages = pgTable(
  "agent_messages",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The member who wrote it (user messages) or asked for it (agent answers). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    content: text("content").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agent_messages_project_idx").on(t.projectId, t.createdAt)],
);

// --- billing: customers, subscriptions and purchases mirror the payment provider's; credits
// move only through credit_ledger, keyed by the provider's event, invoice or checkout id.

/** The payment provider's customer of a user ('stripe' or 'test'), created before their first checkout. */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex("billing_customers_customer_idx").on(t.provider, t.customerId)],
);

/** A plan subscription as the provider last reported it; an older event never overwrites a newer one. */
export const billingSubscriptions = pgTable(
  "billing_subscriptions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    interval: text("interval").notNull(),
    /** The provider's status: active, trialing, past_due, canceled, … */
    status: text("status").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** The `created` time of the event this row reflects (seconds since 1970). */
    eventCreated: integer("event_created").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_subscriptions_user_idx").on(t.userId)],
);

/** Money taken: a pack's checkout or a plan's invoice, with what it granted and what was refunded. */
export const billingPurchases = pgTable(
  "billing_purchases",
  {
    /** The checkout session id (packs) or the invoice id (plans). */
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["pack", "plan"] }).notNull(),
    priceId: text("price_id").notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    credits: integer("credits").notNull(),
    /** The charge or payment intent a refund names. */
    paymentRef: text("payment_ref"),
    /** The provider's receipt or invoice page; a pack's is asked for after its grant, so it can come later. */
    receiptUrl: text("receipt_url"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_purchases_user_idx").on(t.userId, t.createdAt), index("billing_purchases_payment_idx").on(t.paymentRef)],
);

/** The built-in test provider's checkout sessions (Stripe keeps its own). */
export const billingTestSessions = pgTable("billing_test_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  priceId: text("price_id").notNull(),
  /** open | complete | expired */
  status: text("status").notNull().default("open"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
