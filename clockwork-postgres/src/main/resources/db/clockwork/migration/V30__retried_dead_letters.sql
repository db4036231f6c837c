-- The dead letters an operator retried: each one's row left cw_dead_letters and its event went back
-- to the queue as a new event; this row says which, so the dead letter's id still leads somewhere.
-- Keyed like cw_dead_letters (instance id first), found by the dead letter's id. Purged with the
-- dead letters (dead_letter.retention), by when the retried event became available.
CREATE TABLE cw_retried_dead_letters (
  instance_id  text COLLATE "C" NOT NULL,
  id           bigint NOT NULL,                   -- the dead letter's id
  event_id     bigint NOT NULL,                   -- the event its retry queued
  machine      text COLLATE "C" NOT NULL,
  dead_at      timestamptz NOT NULL,
  available_at timestamptz NOT NULL,
  PRIMARY KEY (instance_id, id)
);
CREATE INDEX cw_retried_dead_letters_id ON cw_retried_dead_letters (id);
CREATE INDEX cw_retried_dead_letters_available ON cw_retried_dead_letters (machine, available_at);
