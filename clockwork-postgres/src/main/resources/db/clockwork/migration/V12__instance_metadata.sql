-- Instance metadata (issue 14): the queue an instance is served from, and the labels, memo and
-- search attributes it was created with. All four are written when the instance is inserted and
-- never updated, so they cost nothing to the updates of a turn (HOT updates stay HOT).
-- Constant defaults: adding the columns does not rewrite the table; instances stored before are in
-- the default queue with no metadata.

ALTER TABLE cw_instances
  ADD COLUMN queue             text COLLATE "C" NOT NULL DEFAULT 'default',
  ADD COLUMN labels            jsonb NOT NULL DEFAULT '{}',   -- {key: text}
  ADD COLUMN memo              jsonb NOT NULL DEFAULT '{}',   -- {key: any JSON value}
  ADD COLUMN search_attributes jsonb NOT NULL DEFAULT '{}';   -- {key: text, number or boolean}

-- A node that serves some queues only (Engine.builder().queues(...)) claims, per served queue,
-- machine and priority, the instances due by now in due order: a range scan of this index, as
-- cw_instances_due serves nodes that serve every queue. (Like every index on next_due_at, it gets
-- an entry whenever an instance's due instant changes.)
CREATE INDEX cw_instances_queue_due ON cw_instances (machine, queue, next_priority, next_due_at)
 WHERE next_due_at IS NOT NULL;

-- Instances are found by labels and search attributes through containment (labels @> '{"team":
-- "billing"}'; jsonb compares numbers by value). Only instances that carry some are indexed: a
-- query names its filter's non-emptiness (labels <> '{}') so that the partial index applies.
CREATE INDEX cw_instances_labels ON cw_instances USING gin (labels jsonb_path_ops)
 WHERE labels <> '{}';
CREATE INDEX cw_instances_search_attributes
    ON cw_instances USING gin (search_attributes jsonb_path_ops)
 WHERE search_attributes <> '{}';
