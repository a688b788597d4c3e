-- A run's start and its finish each in one statement (issue 30, fixed cost; bench:queue).
--
-- write_node_exactly_after: an exact node write (as write_node_exactly: a compare-and-set on the revision,
-- the project touched) made after the caller's own expression, which is this call's argument `gate` and so
-- is evaluated first, in the same statement. The node is written only when the gate answers
-- {"write": true}; a write that then does not land (the node moved on or was deleted) raises SQLSTATE
-- 'RG409', so the statement is undone whole, the gate's own effects with it. The write is given as what
-- changed from the stored copy (`p_patch` over it, the keys listed in `p_removed` dropped): the revision check makes that
-- copy the one the caller read, and a node's data is large (its version history) while a mark is small. A
-- run's queued mark goes on its node in the statement that records the run (server/services/canvasRows.ts
-- writeOneExactlyAfter, runs/engine.ts). Answers the gate.
CREATE FUNCTION write_node_exactly_after(gate jsonb, p_project text, p_id text, p_patch jsonb, p_removed jsonb, p_rev bigint, p_prev bigint)
RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT coalesce((gate->>'write')::boolean, false) THEN
    RETURN gate;
  END IF;
  UPDATE nodes SET data = (data - ARRAY(SELECT jsonb_array_elements_text(p_removed))) || p_patch, rev = p_rev, updated_at = now()
  WHERE project_id = p_project AND id = p_id AND rev = p_prev AND deleted = false;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'node % moved on', p_id USING ERRCODE = 'RG409';
  END IF;
  UPDATE projects SET updated_at = now() WHERE id = p_project AND updated_at < now() - interval '10 seconds';
  RETURN gate;
END
$$;
--> statement-breakpoint
-- record_media: media rows (as server/services/mediaService.ts NewMediaRow, in column names) written in the
-- statement that settles the run that made them (server/runs/runRows.ts settleRunAsking), instead of a
-- statement each of their own. Answers how many.
CREATE FUNCTION record_media(rows jsonb) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  INSERT INTO media (id, project_id, owner_id, key, content_type, size, original_name)
  SELECT r.id, r.project_id, r.owner_id, r.key, r.content_type, r.size, r.original_name
  FROM jsonb_to_recordset(rows) AS r(id text, project_id text, owner_id text, key text, content_type text, size integer, original_name text);
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;
--> statement-breakpoint
-- A node's data is kept out of line uncompressed: its version history makes it larger than a page, and
-- compressing and decompressing it (pglz) on every write and read cost more than the write itself on the
-- embedded database (bench:queue).
ALTER TABLE nodes ALTER COLUMN data SET STORAGE EXTERNAL;
