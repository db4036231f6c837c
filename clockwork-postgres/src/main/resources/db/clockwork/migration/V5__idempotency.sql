-- Idempotency keys: per instance, a key is accepted once. The row records the first queued
-- event (event_id) and, once processed, the outcome a duplicate gets back.

ALTER TABLE cw_queue ADD COLUMN idempotency_key text;

CREATE TABLE cw_idempotency (
  instance_id text COLLATE "C" NOT NULL REFERENCES cw_instances (id),
  key         text NOT NULL,
  event_id    bigint,
  outcome     jsonb,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (instance_id, key)
);
