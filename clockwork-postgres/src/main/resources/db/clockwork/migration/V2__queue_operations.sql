-- Operating the queues: paused machines, and indexes for per-machine status and dead letters.

CREATE TABLE cw_machine_queues (
  machine   text COLLATE "C" PRIMARY KEY,
  paused    boolean NOT NULL,
  paused_at timestamptz
);

CREATE INDEX cw_queue_machine ON cw_queue (machine, enqueued_at);
CREATE INDEX cw_dead_letters_machine ON cw_dead_letters (machine, id);
CREATE INDEX cw_dead_letters_dead_at ON cw_dead_letters (dead_at);
