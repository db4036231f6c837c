-- The namespace an operator action was taken in (the namespace of the instance or dead letter it
-- was done to), so that a namespace's audit lists its own actions only. Null: an action on every
-- namespace (pausing a machine's queue) — and every row written before namespaces existed. The log
-- is small and read newest first by id; a namespace's page filters the rows it walks.
ALTER TABLE cw_operator_log ADD COLUMN namespace text;
