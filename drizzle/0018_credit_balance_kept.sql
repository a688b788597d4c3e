-- Each user's balance kept beside the ledger (server/db/schema.ts creditBalances), so a run's credit check
-- reads one row: queue_run summed the user's whole ledger on every run, a cost that grew with every run
-- the user had made (two rows a run).
CREATE TABLE "credit_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The ledger's trigger keeps the balance: every movement added once, in the statement that records it. A
-- deleted movement (a user's account deleted, its ledger with it) is taken back only from a balance row
-- that still exists, so the cascade never brings one back.
CREATE FUNCTION credit_balance_follows_ledger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE credit_balances SET balance = balance - OLD.delta WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO credit_balances (user_id, balance) VALUES (NEW.user_id, NEW.delta)
    ON CONFLICT (user_id) DO UPDATE SET balance = credit_balances.balance + excluded.balance;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_keeps_balance AFTER INSERT OR UPDATE OF user_id, delta OR DELETE ON credit_ledger
FOR EACH ROW EXECUTE FUNCTION credit_balance_follows_ledger();
--> statement-breakpoint
INSERT INTO credit_balances (user_id, balance)
SELECT l.user_id, sum(l.delta)::integer FROM credit_ledger l GROUP BY l.user_id;
--> statement-breakpoint
-- queue_run as in 0016, its credit check reading the kept balance.
CREATE OR REPLACE FUNCTION queue_run(run jsonb, one_per_node boolean, backlog integer, start_within integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  r_id text := run->>'id';
  r_user text := run->>'user_id';
  r_project text := run->>'project_id';
  r_node text := run->>'node_id';
  r_credits integer := (run->>'reserved_credits')::integer;
  allowance integer;
  started generations%ROWTYPE;
BEGIN
  IF (SELECT count(*) FROM generations g WHERE g.user_id = r_user AND g.status IN ('waiting', 'queued', 'running')) >= backlog THEN
    RETURN jsonb_build_object('outcome', 'backlog');
  END IF;
  IF one_per_node THEN
    PERFORM pg_advisory_xact_lock(hashtext('node-run:' || r_project || ':' || r_node));
    IF EXISTS (SELECT 1 FROM generations g WHERE g.project_id = r_project AND g.node_id = r_node AND g.status IN ('queued', 'running')) THEN
      RETURN jsonb_build_object('outcome', 'busy');
    END IF;
  END IF;
  IF r_credits > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext('credits:' || r_user));
    -- The sign-up allowance, granted on a first run (server/services/signupAllowance.ts).
    SELECT u.signup_allowance INTO allowance FROM "user" u WHERE u.id = r_user;
    IF allowance > 0 THEN
      INSERT INTO credit_ledger (id, user_id, delta, reason, idempotency_key)
      VALUES (gen_random_uuid()::text, r_user, allowance, 'Sign-up allowance', 'signup:' || r_user)
      ON CONFLICT (idempotency_key) DO NOTHING;
      UPDATE "user" SET signup_allowance = 0 WHERE id = r_user;
    END IF;
    IF coalesce((SELECT b.balance FROM credit_balances b WHERE b.user_id = r_user), 0) < r_credits THEN
      RETURN jsonb_build_object('outcome', 'short');
    END IF;
    INSERT INTO credit_ledger (id, user_id, delta, reason, idempotency_key)
    VALUES (gen_random_uuid()::text, r_user, -r_credits, 'generation reserve', 'generation:' || r_id || ':reserve')
    ON CONFLICT (idempotency_key) DO NOTHING;
  END IF;
  IF start_within > 0
     AND NOT EXISTS (SELECT 1 FROM run_queues q WHERE q.user_id = r_user AND q.paused)
     AND NOT EXISTS (SELECT 1 FROM generations g WHERE g.user_id = r_user AND g.status = 'queued')
     AND run_slot_free(r_user, start_within) THEN
    INSERT INTO generations (id, project_id, node_id, user_id, model_id, kind, status, request, reserved_credits, own_key, input_hash,
                             attempts, started_at, heartbeat_at)
    VALUES (r_id, r_project, r_node, r_user, run->>'model_id', run->>'kind', 'running', run->'request', r_credits, (run->>'own_key')::boolean,
            run->>'input_hash', 1, now(), now())
    RETURNING * INTO started;
    RETURN jsonb_build_object('outcome', 'running', 'row', to_jsonb(started));
  END IF;
  INSERT INTO generations (id, project_id, node_id, user_id, model_id, kind, status, request, reserved_credits, own_key, input_hash)
  VALUES (r_id, r_project, r_node, r_user, run->>'model_id', run->>'kind', 'queued', run->'request', r_credits, (run->>'own_key')::boolean, run->>'input_hash');
  RETURN jsonb_build_object('outcome', 'queued');
END
$$;
