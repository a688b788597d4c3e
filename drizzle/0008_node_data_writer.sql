-- The autosave's one statement (server/services/canvasRows.ts writeDataGroup), kept in a function so it is
-- planned once per connection instead of on every save: PL/pgSQL caches its statements' plans. Planning this
-- statement cost about as much as running it for a save of 10 nodes (bench/autosave, issue 16). Its rules
-- are explained beside its one caller. `writes` is a JSON array of {project_id, id, data, rev, prev}; the
-- answer is the (project_id, id) of each write that landed.
CREATE FUNCTION write_node_data(writes jsonb) RETURNS TABLE (project_id text, id text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH incoming AS (
    SELECT * FROM jsonb_to_recordset(writes) AS w(project_id text, id text, data jsonb, rev integer, prev integer)),
  updated AS (
    UPDATE nodes n SET data = i.data, rev = i.rev, updated_at = now() FROM incoming i
    WHERE n.project_id = i.project_id AND n.id = i.id AND n.rev < i.rev AND n.rev <= i.prev AND n.deleted = false
    RETURNING n.project_id, n.id),
  inserted AS (
    INSERT INTO nodes (project_id, id, data, rev)
    SELECT i.project_id, i.id, i.data, i.rev FROM incoming i
    WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.project_id = i.project_id AND n.id = i.id)
    ON CONFLICT (project_id, id) DO NOTHING
    RETURNING nodes.project_id, nodes.id),
  written AS (SELECT u.project_id, u.id FROM updated u UNION ALL SELECT s.project_id, s.id FROM inserted s),
  touched AS (
    UPDATE projects p SET updated_at = now()
    WHERE p.id IN (SELECT DISTINCT w.project_id FROM written w) AND p.updated_at < now() - interval '10 seconds')
  SELECT w.project_id, w.id FROM written w;
END
$$;
