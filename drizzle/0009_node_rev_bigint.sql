-- Issue 29 item 4: revisions are 64-bit, and the autosave's write moves a node's revision at most `max_step`
-- past the stored one (a new node starts at most `max_step` high), measured from what is stored rather than
-- from the revision the write claims to be made from. So no run of accepted writes can reach the top of the
-- range and leave a node that can no longer be written. The rest of write_node_data is as in 0008.
ALTER TABLE "nodes" ALTER COLUMN "rev" SET DATA TYPE bigint;--> statement-breakpoint
DROP FUNCTION write_node_data(jsonb);--> statement-breakpoint
CREATE FUNCTION write_node_data(writes jsonb, max_step bigint) RETURNS TABLE (project_id text, id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH incoming AS (
    SELECT * FROM jsonb_to_recordset(writes) AS w(project_id text, id text, data jsonb, rev bigint, prev bigint)),
  updated AS (
    UPDATE nodes n SET data = i.data, rev = i.rev, updated_at = now() FROM incoming i
    WHERE n.project_id = i.project_id AND n.id = i.id AND n.rev < i.rev AND n.rev <= i.prev AND i.rev <= n.rev + max_step AND n.deleted = false
    RETURNING n.project_id, n.id),
  inserted AS (
    INSERT INTO nodes (project_id, id, data, rev)
    SELECT i.project_id, i.id, i.data, i.rev FROM incoming i
    WHERE i.rev <= max_step AND NOT EXISTS (SELECT 1 FROM nodes n WHERE n.project_id = i.project_id AND n.id = i.id)
    ON CONFLICT (project_id, id) DO NOTHING
    RETURNING nodes.project_id, nodes.id),
  written AS (SELECT u.project_id, u.id FROM updated u UNION ALL SELECT s.project_id, s.id FROM inserted s),
  touched AS (
    UPDATE projects p SET updated_at = now()
    WHERE p.id IN (SELECT DISTINCT w.project_id FROM written w) AND p.updated_at < now() - interval '10 seconds')
  SELECT w.project_id, w.id FROM written w;
END
$$;
