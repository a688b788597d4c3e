-- Two more of a run's statements kept in functions, so each is planned once per connection (issue 30, fixed
-- cost; bench:queue traced each planned anew on every run). Their rules are explained beside their callers.
--
-- write_node_exactly: one node's data written as a compare-and-set on its revision, and its project touched
-- (server/services/canvasRows.ts writeOneExactly: a run marking its node queued, or writing its result).
-- Answers the node's id when it landed; null when the node moved on, was deleted or does not exist.
CREATE FUNCTION write_node_exactly(p_project text, p_id text, p_data jsonb, p_rev bigint, p_prev bigint) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nodes SET data = p_data, rev = p_rev, updated_at = now()
  WHERE project_id = p_project AND id = p_id AND rev = p_prev AND deleted = false;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE projects SET updated_at = now() WHERE id = p_project AND updated_at < now() - interval '10 seconds';
  RETURN p_id;
END
$$;
--> statement-breakpoint
-- node_for_run: a live node as a run starts from it, whether a run of it is queued or running already
-- (server/runs/engine.ts: the early 409 before preparing; queue_run asks again under the node's lock), and
-- its inputs: the live nodes its edges come from, in connection order, as [{id, data}] (prepare.ts
-- upstreamOf), or null when one of them is a subgraph (then its inputs are read with the subgraphs opened).
-- No row when the node does not exist or was deleted.
CREATE FUNCTION node_for_run(p_project text, p_id text)
RETURNS TABLE (rev bigint, data jsonb, x double precision, y double precision, busy boolean, upstream jsonb)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  SELECT n.rev, n.data, n.x, n.y,
    EXISTS (SELECT 1 FROM generations g WHERE g.project_id = p_project AND g.node_id = p_id AND g.status IN ('queued', 'running')),
    (SELECT CASE WHEN bool_or(s.type = 'subgraph') THEN NULL
                 ELSE coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'data', s.data) ORDER BY e.created_at), '[]'::jsonb) END
       FROM edges e JOIN nodes s ON s.project_id = e.project_id AND s.id = e.source AND s.deleted = false
      WHERE e.project_id = p_project AND e.target = p_id)
  FROM nodes n WHERE n.project_id = p_project AND n.id = p_id AND n.deleted = false;
END
$$;
