-- The index that finds the instances of a machine in a state (broadcasts, state lists) held every
-- value of the active states: the path, and each entry's unique entryId and enteredAt. Each turn
-- that enters a state added two keys no other row will ever carry, and a GIN index never removes a
-- key from its entry tree, so vacuum emptied their posting lists but the index kept growing: 3.1 to
-- 36.5 MB in a 30-minute soak (clockwork-bench/RESULTS.md), and linearly in any long run. Index the
-- state paths alone: their keys are the machine's state names, a bounded set, and every query asks
-- for a path (ActiveStateFilter).
DROP INDEX cw_instances_active;
CREATE INDEX cw_instances_active ON cw_instances
  USING gin (jsonb_path_query_array(active, '$[*].path') jsonb_path_ops);
