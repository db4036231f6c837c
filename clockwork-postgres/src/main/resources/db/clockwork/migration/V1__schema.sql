-- Clockwork's tables. Every table that grows with instances is keyed by instance id first, so the
-- schema can be distributed by instance id (Citus) when one PostgreSQL is not enough.
-- Ids and keys use the "C" collation: byte order, the same on every database, cheap to compare.
-- Instants that decide when something may happen (due, available, lease expiry) are written
-- rounded UP to the microsecond, never earlier than the engine computed them.

CREATE TABLE cw_instances (
  id               text COLLATE "C" PRIMARY KEY,
  machine          text COLLATE "C" NOT NULL,
  version          integer NOT NULL,
  status           text NOT NULL,
  active           jsonb NOT NULL,          -- [{path, entryId, enteredAt}], instants exact
  context          jsonb NOT NULL,
  timers           jsonb NOT NULL,          -- the snapshot's armed timers, instants exact
  last_entry_id    bigint NOT NULL,
  revision         bigint NOT NULL,
  history_seq      bigint NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  lease_owner      text,
  lease_token      uuid,
  lease_expires_at timestamptz,
  -- the head of the instance's queue (lowest id): when it is available and its id; both NULL
  -- when the queue is empty. Claims read only these columns, so their cost follows ready work.
  next_event_at    timestamptz,
  next_event_id    bigint,
  CHECK ((next_event_at IS NULL) = (next_event_id IS NULL))
);

CREATE INDEX cw_instances_next_event ON cw_instances (next_event_at, next_event_id)
  WHERE next_event_at IS NOT NULL;
CREATE INDEX cw_instances_machine ON cw_instances (machine, id);

CREATE TABLE cw_history (
  instance_id text COLLATE "C" NOT NULL REFERENCES cw_instances (id),
  seq         bigint NOT NULL,
  at          timestamptz NOT NULL,
  kind        text NOT NULL,
  event       text,
  payload     jsonb NOT NULL,
  states      jsonb NOT NULL,
  detail      text,
  PRIMARY KEY (instance_id, seq)
);

-- One row per queued event; per instance, events are processed in id order. (Priorities and
-- idempotency keys come as columns in a later migration.)
CREATE TABLE cw_queue (
  instance_id     text COLLATE "C" NOT NULL REFERENCES cw_instances (id),
  id              bigserial NOT NULL,
  machine         text COLLATE "C" NOT NULL,
  event           jsonb NOT NULL,         -- {type, payload, timer: {key, entryId, due}}
  source          text NOT NULL,
  conversation_id text,
  attempts        integer NOT NULL,
  available_at    timestamptz NOT NULL,
  enqueued_at     timestamptz NOT NULL,
  errors          jsonb NOT NULL,         -- [{attempt, at, error}]
  PRIMARY KEY (instance_id, id)
);

-- The index of armed timers not yet swept, rewritten from the snapshot on every create/commit.
CREATE TABLE cw_timers (
  instance_id text COLLATE "C" NOT NULL REFERENCES cw_instances (id),
  timer_key   text COLLATE "C" NOT NULL,  -- <state path>#<event>
  entry_id    bigint NOT NULL,
  state       text COLLATE "C" NOT NULL,
  event       text NOT NULL,
  due_at      timestamptz NOT NULL,       -- the due instant rounded up: what the sweep compares
  due_exact   text NOT NULL,              -- the due instant to the nanosecond (ISO-8601): what
                                          -- the fire carries, as the interpreter fences on it
  fires       integer NOT NULL,
  PRIMARY KEY (instance_id, timer_key, entry_id)
);

CREATE INDEX cw_timers_due ON cw_timers (due_at, instance_id, timer_key, entry_id);

-- The record that a fire was enqueued: one per (timer, state entry, due), whatever the number of
-- concurrent sweeps. Kept while the snapshot still holds that armed timer (its fire is queued),
-- so re-indexing does not arm it again.
CREATE TABLE cw_timer_fires (
  instance_id text COLLATE "C" NOT NULL REFERENCES cw_instances (id),
  timer_key   text COLLATE "C" NOT NULL,
  entry_id    bigint NOT NULL,
  due_at      timestamptz NOT NULL,
  swept_at    timestamptz NOT NULL,
  PRIMARY KEY (instance_id, timer_key, entry_id, due_at)
);

CREATE TABLE cw_dead_letters (
  instance_id     text COLLATE "C" NOT NULL,
  id              bigserial NOT NULL,
  queue_id        bigint NOT NULL,
  machine         text COLLATE "C" NOT NULL,
  event           jsonb NOT NULL,
  source          text NOT NULL,
  conversation_id text,
  attempts        integer NOT NULL,
  available_at    timestamptz NOT NULL,
  enqueued_at     timestamptz NOT NULL,
  errors          jsonb NOT NULL,
  dead_at         timestamptz NOT NULL,
  PRIMARY KEY (instance_id, id)
);

CREATE INDEX cw_dead_letters_order ON cw_dead_letters (id);
