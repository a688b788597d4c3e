ALTER TABLE "generations" ADD COLUMN "kind" text;--> statement-breakpoint
-- The run engine's own statements (server/runs), each kept in a function so it is planned once per
-- connection and costs one round trip: bench:queue counted about 35 statements around a no-op run. Their
-- rules are explained beside their one caller (server/runs/runRows.ts). The ledger rows they write carry
-- the same idempotency keys as server/runs/credits.ts (generation:{id}:reserve | capture | release), so a
-- run never moves credits twice, whichever path moved them.
--
-- queue_run: one run's checks, hold and row, in the caller's transaction. Answers 'queued', or why not:
-- 'backlog' (too many waiting), 'busy' (the node runs already), 'short' (not enough credits); then nothing
-- is left written once the caller rolls back.
CREATE FUNCTION queue_run(run jsonb, one_per_node boolean, backlog integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  r_id text := run->>'id';
  r_user text := run->>'user_id';
  r_project text := run->>'project_id';
  r_node text := run->>'node_id';
  r_credits integer := (run->>'reserved_credits')::integer;
  allowance integer;
BEGIN
  IF (SELECT count(*) FROM generations g WHERE g.user_id = r_user AND g.status IN ('waiting', 'queued', 'running')) >= backlog THEN
    RETURN 'backlog';
  END IF;
  IF one_per_node THEN
    PERFORM pg_advisory_xact_lock(hashtext('node-run:' || r_project || ':' || r_node));
    IF EXISTS (SELECT 1 FROM generations g WHERE g.project_id = r_project AND g.node_id = r_node AND g.status IN ('queued', 'running')) THEN
      RETURN 'busy';
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
    IF (SELECT coalesce(sum(l.delta), 0) FROM credit_ledger l WHERE l.user_id = r_user) < r_credits THEN
      RETURN 'short';
    END IF;
    INSERT INTO credit_ledger (id, user_id, delta, reason, idempotency_key)
    VALUES (gen_random_uuid()::text, r_user, -r_credits, 'generation reserve', 'generation:' || r_id || ':reserve')
    ON CONFLICT (idempotency_key) DO NOTHING;
  END IF;
  INSERT INTO generations (id, project_id, node_id, user_id, model_id, kind, status, request, reserved_credits, own_key, input_hash)
  VALUES (r_id, r_project, r_node, r_user, run->>'model_id', run->>'kind', 'queued', run->'request', r_credits, (run->>'own_key')::boolean, run->>'input_hash');
  RETURN 'queued';
END
$$;
--> statement-breakpoint
-- run_slot_free: whether the user may start one more run now (fewer than `concurrency` running), asked in
-- the claiming UPDATE's WHERE. The per-user lock makes two claims of one user's runs take turns, and the
-- count, a new snapshot after the lock, sees the claim that went before.
CREATE FUNCTION run_slot_free(run_user text, concurrency integer) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('runs:' || run_user));
  RETURN (SELECT count(*) FROM generations g WHERE g.user_id = run_user AND g.status = 'running') < concurrency;
END
$$;
--> statement-breakpoint
-- settle_run: a running (or, for a failure, queued) run becomes `outcome` ('succeeded', 'failed' or
-- 'cancelled'), and its hold is captured (success) or released (otherwise), in one statement. Only the
-- status change that wins moves credits. Answers the status it set, or null when another settle won.
CREATE FUNCTION settle_run(run_id text, outcome text, run_result jsonb, run_error text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  won record;
BEGIN
  UPDATE generations g
  SET status = outcome,
      result = CASE WHEN outcome = 'succeeded' THEN run_result ELSE g.result END,
      progress = CASE WHEN outcome = 'succeeded' THEN 100 ELSE g.progress END,
      error = run_error,
      finished_at = now()
  WHERE g.id = run_id AND (g.status = 'running' OR (outcome <> 'succeeded' AND g.status = 'queued'))
  RETURNING g.user_id, g.reserved_credits INTO won;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF won.reserved_credits > 0 THEN
    INSERT INTO credit_ledger (id, user_id, delta, reason, idempotency_key)
    VALUES (
      gen_random_uuid()::text, won.user_id,
      CASE WHEN outcome = 'succeeded' THEN 0 ELSE won.reserved_credits END,
      CASE WHEN outcome = 'succeeded' THEN 'generation capture' ELSE 'generation release' END,
      'generation:' || run_id || CASE WHEN outcome = 'succeeded' THEN ':capture' ELSE ':release' END)
    ON CONFLICT (idempotency_key) DO NOTHING;
  END IF;
  RETURN outcome;
END
$$;
