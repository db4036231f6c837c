-- The layout tried: what falls due in a narrow table of its own, so that the wide row's update
-- changes no indexed column (HOT); the wide row's indexes on values that change rarely.
DROP INDEX cw_instances_due;
DROP INDEX cw_instances_next_event;
DROP INDEX cw_instances_queue_due;
DROP INDEX cw_instances_active;
DROP INDEX cw_instances_finished;
ALTER TABLE cw_instances DROP COLUMN next_due_at, DROP COLUMN next_priority;
ALTER TABLE cw_instances
  ADD COLUMN active_paths jsonb
      GENERATED ALWAYS AS (jsonb_path_query_array(active, '$[*].path')) STORED,
  ADD COLUMN finished_at timestamptz
      GENERATED ALWAYS AS (CASE WHEN status <> 'ACTIVE' THEN updated_at END) STORED;
CREATE INDEX cw_instances_active ON cw_instances USING gin (active_paths jsonb_path_ops);
CREATE INDEX cw_instances_finished ON cw_instances (finished_at, id) WHERE finished_at IS NOT NULL;
CREATE TABLE cw_due (
  instance_id         text COLLATE "C" PRIMARY KEY,
  machine             text COLLATE "C" NOT NULL,
  queue               text COLLATE "C" NOT NULL,
  version             integer NOT NULL,
  next_timer_at       timestamptz,
  fire_retry_at       timestamptz,
  next_event_at       timestamptz,
  next_event_id       bigint,
  next_event_priority smallint,
  next_event_attempts integer,
  next_due_at timestamptz GENERATED ALWAYS AS (
    CASE WHEN fire_retry_at IS NOT NULL THEN fire_retry_at
         WHEN next_event_attempts > 0 THEN next_event_at
         ELSE LEAST(next_event_at, next_timer_at) END) STORED,
  next_priority smallint GENERATED ALWAYS AS (2) STORED
) WITH (fillfactor = 75);
CREATE INDEX cw_due_due ON cw_due (machine, next_priority, next_due_at)
 WHERE next_due_at IS NOT NULL;
CREATE INDEX cw_due_next_event ON cw_due (machine, next_event_priority, next_event_at)
 WHERE next_event_at IS NOT NULL;
CREATE INDEX cw_due_queue_due ON cw_due (machine, queue, next_priority, next_due_at)
 WHERE next_due_at IS NOT NULL;
