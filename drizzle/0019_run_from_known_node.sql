-- A run of a node this process knows as stored starts without reading it (issue 30, fixed cost; bench:queue):
-- server/runs/knownNodes.ts keeps the node as its last run left it, with the revisions of the inputs that run
-- was prepared from; known_node_stands proves both unchanged in the statement that records the run.
--
-- node_for_run as in 0014, each input answered with its revision.
CREATE OR REPLACE FUNCTION node_for_run(p_project text, p_id text)
RETURNS TABLE (rev bigint, data jsonb, x double precision, y double precision, busy boolean, upstream jsonb)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  SELECT n.rev, n.data, n.x, n.y,
    EXISTS (SELECT 1 FROM generations g WHERE g.project_id = p_project AND g.node_id = p_id AND g.status IN ('queued', 'running')),
    (SELECT CASE WHEN bool_or(s.type = 'subgraph') THEN NULL
                 ELSE coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'rev', s.rev, 'data', s.data) ORDER BY e.created_at), '[]'::jsonb) END
       FROM edges e JOIN nodes s ON s.project_id = e.project_id AND s.id = e.source AND s.deleted = false
      WHERE e.project_id = p_project AND e.target = p_id)
  FROM nodes n WHERE n.project_id = p_project AND n.id = p_id AND n.deleted = false;
END
$$;
--> statement-breakpoint
-- known_node_stands: whether the node is live at revision `p_rev` and its inputs are still exactly `expected`,
-- [[id, rev], ...] in node_for_run's order (the live nodes its edges come from, by when the edge was made).
-- Asked before queue_run, so a run prepared from an old copy is never refused (or priced) for it. An input
-- added, removed, edited (every data write raises the revision) or deleted answers false; so does a tie in
-- the edges' order coming out the other way, which only costs the caller a read.
CREATE FUNCTION known_node_stands(p_project text, p_id text, p_rev bigint, expected jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM nodes n WHERE n.project_id = p_project AND n.id = p_id AND n.rev = p_rev AND n.deleted = false)
    AND (SELECT coalesce(jsonb_agg(jsonb_build_array(s.id, s.rev) ORDER BY e.created_at), '[]'::jsonb)
           FROM edges e JOIN nodes s ON s.project_id = e.project_id AND s.id = e.source AND s.deleted = false
          WHERE e.project_id = p_project AND e.target = p_id) = expected;
END
$$;
