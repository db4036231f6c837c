-- Callbacks of queued API events (issue 13): the server POSTs an event's outcome (applied,
-- dead-lettered, discarded) to a URL the sender gave. A callback row is written BEFORE its event is
-- queued, keyed by the instance and the event's idempotency key, and carries the event itself, so a
-- crash between the two is repaired by queueing again with the same key (which queues nothing when
-- the first enqueue got through) instead of losing the callback. Written by the server's
-- dev.clockwork.server.callback package, not by the engine.

CREATE TABLE cw_callbacks (
  id              bigserial PRIMARY KEY,
  instance_id     text COLLATE "C" NOT NULL,
  event_key       text NOT NULL,            -- the idempotency key the event was queued with
  event_id        bigint,                   -- null until the enqueue is known to have happened
  event           jsonb NOT NULL,           -- {type, payload, priority}: to queue it again
  url             text NOT NULL,
  principal       text,
  state           text NOT NULL,            -- waiting | due | delivered | failed | abandoned
  outcome         text,                     -- applied | dead_lettered | discarded, once known
  body            text,                     -- the JSON POSTed, fixed when the outcome is known
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_owner     text,
  lease_until     timestamptz,
  delivered_at    timestamptz,
  last_status     integer,
  last_error      text,
  created_at      timestamptz NOT NULL,
  UNIQUE (instance_id, event_key)
);

-- Events are looked up when their outcome is processed; the sweep walks waiting callbacks.
CREATE INDEX cw_callbacks_event ON cw_callbacks (instance_id, event_id);
CREATE INDEX cw_callbacks_waiting ON cw_callbacks (id) WHERE state = 'waiting';
-- Deliveries are claimed in due order, FOR UPDATE SKIP LOCKED.
CREATE INDEX cw_callbacks_due ON cw_callbacks (next_attempt_at) WHERE state = 'due';

-- One row per delivery attempt: what was answered (status) or what went wrong (error).
CREATE TABLE cw_callback_deliveries (
  callback_id bigint NOT NULL REFERENCES cw_callbacks (id) ON DELETE CASCADE,
  attempt     integer NOT NULL,
  delivery_id text NOT NULL,
  at          timestamptz NOT NULL,
  status      integer,
  error       text,
  PRIMARY KEY (callback_id, attempt)
);
