-- What a turn's writes maintain (issue 23, profile fix 1): only what some reader needs.
--
-- History and queue rows are owned by their instance; the engine writes them under the instance
-- row's lock (a commit) or after checking that the instance exists (an enqueue), and nothing
-- deletes an instance row today. A foreign key re-checked that on every history row and every
-- queued event (one FOR KEY SHARE lookup of the instance row per row: ~9 µs of an event's ~150 µs
-- of database time), and it would tie the tables to one node under a distributed PostgreSQL. Code
-- that deletes instances (retention) deletes their history and queue rows in the same transaction;
-- InstanceDeletionTest holds every statement that deletes from cw_instances to it.
ALTER TABLE cw_history DROP CONSTRAINT IF EXISTS cw_history_instance_id_fkey;
ALTER TABLE cw_queue DROP CONSTRAINT IF EXISTS cw_queue_instance_id_fkey;

-- Queue-like tables: rows live for a turn (leases, pending-head markers) or until processed (queued
-- events), so their dead rows outnumber the live ones within seconds, and every claim and commit
-- reads past them. Vacuum them after a fixed number of dead rows rather than a fraction of the
-- table (the default waits for 20 % + 50), and without the cost-based pauses: they are small.
ALTER TABLE cw_leases SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 500,
  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_cost_delay = 0);
ALTER TABLE cw_pending_heads SET (
  autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 500,
  autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000,
  autovacuum_vacuum_cost_delay = 0);
-- The queue can hold a large backlog; a small fraction of it plus a fixed floor keeps a drain's
-- dead rows bounded without vacuuming a big table for every few thousand events.
ALTER TABLE cw_queue SET (
  autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_cost_delay = 1);
