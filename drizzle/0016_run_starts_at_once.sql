-- A run handed to an idle worker of the process that queues it starts in the statement that queues it
-- (issue 30, fixed cost): when its user has no queued run ahead of it, their queue is not paused and a run
-- slot is free (run_slot_free, under the same per-user lock as a claim), the row is written 'running'
-- (one attempt, heartbeat now), as the claim would have left it, and returned; the worker runs it with no
-- claim. Otherwise it is written 'queued' and the worker claims as before. `start_within` is the user's run
-- limit, 0 when no worker is waiting (the run then always queues). Answers {"outcome": 'queued' | 'running'
-- | 'backlog' | 'busy' | 'short', "row": the started row as jsonb, only when 'running'}.
DROP FUNCTION queue_run(jsonb, boolean, integer);
--> statement-breakpoint
CREATE FUNCTION queue_run(run jsonb, one_per_node boolean, backlog integer, start_within integer) RETURNS jsonb
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
    IF (SELECT coalesce(sum(l.delta), 0) FROM credit_ledger l WHERE l.user_id = r_user) < r_credits THEN
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
