-- Tables that retention empties as fast as traffic fills them (issue 24): with retention on,
-- instances and their history are deleted all day long, and every turn rewrites its instance row
-- with a new entry in each of its indexes (the GIN over the active states the most). The default
-- autovacuum waits for 20 % of a table to be dead, by which time the indexes have grown into pages
-- that the next vacuum frees but the table never gives back; a 30-minute soak at ~570 events/s
-- (clockwork-bench/RESULTS.md) grew the cw_ tables 6 % over its last ten minutes, and a 12-minute
-- one the active-states index 15 % over its last four. Vacuum them after a small fraction plus a fixed floor instead, as the queue is, and
-- with half the default cost pause, so freed index pages are reused before new ones are added.
ALTER TABLE cw_instances SET (
  autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000,
  autovacuum_vacuum_cost_delay = 1);
ALTER TABLE cw_history SET (
  autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 2000,
  autovacuum_vacuum_cost_delay = 1);
