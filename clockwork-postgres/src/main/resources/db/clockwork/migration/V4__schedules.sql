-- Schedules: named cron and interval schedules, their audit streams, the occurrences they skipped
-- and the occurrences waiting in their buffers. Every instant is the engine clock's, passed in as a
-- bind parameter; no statement asks the database what time it is.
-- Instants that decide when a tick evaluates a schedule (next_fire_at) are written rounded UP to
-- the microsecond; the exact instants the engine computed (occurrences become instance ids) are
-- kept as ISO-8601 text beside them.

CREATE TABLE cw_schedules (
  namespace             text COLLATE "C" NOT NULL,
  schedule_id           text COLLATE "C" NOT NULL,
  ulid                  text NOT NULL,
  settings              json NOT NULL,      -- spec, action, policies, labels…: json keeps key order
  status                text NOT NULL CHECK (status IN ('active', 'paused', 'deleted')),
  next_fire_at          timestamptz,        -- rounded up: what claims compare with "now"
  next_fire_exact       text,               -- the same instant to the nanosecond
  next_occurrence       text,               -- its canonical (unjittered) occurrence, exact
  last_fired_at         timestamptz,
  latest_instance_id    text,
  fires_count           bigint NOT NULL,
  remaining_actions     integer,
  paused_reason         text,
  paused_at             timestamptz,
  delete_reason         text,
  deleted_at            timestamptz,
  last_skip_reason      text,
  last_skipped_at       timestamptz,
  skipped_trigger_count bigint NOT NULL,
  buffered_count        integer NOT NULL,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz,
  checked_at            timestamptz,        -- the tick instant that last evaluated it
  revision              bigint NOT NULL,    -- every commit names the revision it read
  claimed_by            text,               -- the tick holding it while it is evaluated
  claimed_until         timestamptz,
  last_event_seq        bigint NOT NULL,    -- the last audit sequence, numbered under the row lock
  last_skip_seq         bigint NOT NULL,    -- the last skipped-occurrence sequence
  PRIMARY KEY (namespace, schedule_id),
  CHECK ((next_fire_at IS NULL) = (next_fire_exact IS NULL))
);

-- A tick reads only active rows that are due, earliest first: its cost follows due schedules.
CREATE INDEX cw_schedules_due ON cw_schedules (next_fire_at, namespace, schedule_id)
  WHERE status = 'active' AND next_fire_at IS NOT NULL;

-- Active rows with buffered triggers, checked once per tick instant for a drain.
CREATE INDEX cw_schedules_buffered ON cw_schedules (next_fire_at)
  WHERE status = 'active' AND buffered_count > 0;

-- The audit stream: kept for the life of the schedule row and beyond (no foreign key, so an
-- operator who purges schedule rows chooses what happens to their history).
CREATE TABLE cw_schedule_events (
  namespace   text COLLATE "C" NOT NULL,
  schedule_id text COLLATE "C" NOT NULL,
  sequence    bigint NOT NULL,
  event_type  text NOT NULL,
  recorded_at timestamptz NOT NULL,
  instance_id text,
  payload     json NOT NULL,               -- the payload contract's keys, in the order written
  PRIMARY KEY (namespace, schedule_id, sequence)
);

-- Occurrences that did not run, and why.
CREATE TABLE cw_schedule_skips (
  namespace   text COLLATE "C" NOT NULL,
  schedule_id text COLLATE "C" NOT NULL,
  sequence    bigint NOT NULL,
  occurrence  text NOT NULL,               -- exact ISO-8601 instant
  reason      text NOT NULL,
  detail      text,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (namespace, schedule_id, sequence)
);

-- Occurrences waiting for the running instance to end; one occurrence may wait more than once.
CREATE TABLE cw_schedule_buffer (
  namespace     text COLLATE "C" NOT NULL,
  schedule_id   text COLLATE "C" NOT NULL,
  id            bigserial NOT NULL,
  occurrence_at timestamptz NOT NULL,       -- truncated to the microsecond: the drain order
  occurrence    text NOT NULL,              -- exact ISO-8601 instant: what the drained run gets
  buffered_at   timestamptz NOT NULL,
  PRIMARY KEY (namespace, schedule_id, id)
);
