-- Due work without a sweep hop. Timers no longer become queue rows: each instance row carries when
-- its work falls due (its head event, its earliest armed timer, or a retry) and claims read that.
-- Enqueues never wait for a turn in progress: when the instance row is locked they leave a marker
-- (cw_pending_heads) that the next claim merges into the row. Broadcasts go through an outbox.

-- Room on each page for the row's next versions, so that an update that changes no indexed column
-- (a claim, a lease renewal) stays on its page without index writes (HOT). Set before the columns
-- below rewrite the table, so the rewrite leaves that room.
ALTER TABLE cw_instances SET (fillfactor = 75);

-- The earliest armed timer (InstanceRecord.nextTimerAt(), rounded up to the microsecond), the timer
-- fire waiting for a retry (exact, as JSON) and its retry instant (rounded up), and the attempts of
-- the head event (an event that failed an attempt holds back everything behind it).
ALTER TABLE cw_instances
  ADD COLUMN next_timer_at timestamptz,
  ADD COLUMN fire_retry jsonb,
  ADD COLUMN fire_retry_at timestamptz,
  ADD COLUMN next_event_attempts integer;

-- Instances stored before: their earliest timer from the snapshot, rounded up (no timer has failed
-- yet), and their head's attempts. A fire the old sweep queued stays queued; the snapshot's timer
-- fires first and the queued fire is then dropped as stale by the interpreter.
UPDATE cw_instances i
   SET next_timer_at = (
         SELECT min(CAST(regexp_replace(t ->> 'due', '(\.\d{6})\d+', '\1') AS timestamptz)
                    + CASE WHEN t ->> 'due' ~ '\.\d{6}\d*[1-9]' THEN interval '1 microsecond'
                           ELSE interval '0' END)
           FROM jsonb_array_elements(i.timers) AS t)
 WHERE jsonb_array_length(i.timers) > 0;

UPDATE cw_instances i
   SET next_event_attempts = q.attempts
  FROM cw_queue q
 WHERE q.instance_id = i.id AND q.id = i.next_event_id;

-- When the instance has work due, as the in-memory store's MemoryData.reindex decides: a timer fire
-- waiting for a retry holds everything back until its retry; so does a head event that failed an
-- attempt; otherwise the sooner of the head event and the earliest timer. NULL: nothing to do.
-- Claims serve instances by the priority of the work that falls due first — the head event's when
-- it is available by then, normal when a timer (or a timer's retry) is due before it — then by how
-- long that work has been due. (A claim orders by the head's priority once the head is available
-- too; this column is what its index scans find first.)
ALTER TABLE cw_instances
  ADD COLUMN next_due_at timestamptz GENERATED ALWAYS AS (
    CASE WHEN fire_retry_at IS NOT NULL THEN fire_retry_at
         WHEN next_event_attempts > 0 THEN next_event_at
         ELSE LEAST(next_event_at, next_timer_at) END) STORED,
  ADD COLUMN next_priority smallint GENERATED ALWAYS AS (
    CASE WHEN next_event_at <= CASE WHEN fire_retry_at IS NOT NULL THEN fire_retry_at
                                    WHEN next_event_attempts > 0 THEN next_event_at
                                    ELSE LEAST(next_event_at, next_timer_at) END
         THEN next_event_priority
         ELSE 2 END) STORED;

-- A claim reads, per machine and priority, the instances due by now in due order: a range scan
-- whose cost follows the due instances, however many timers are armed for later.
CREATE INDEX cw_instances_due ON cw_instances (machine, next_priority, next_due_at)
 WHERE next_due_at IS NOT NULL;

-- Under backpressure a claim takes only instances whose head event is available: per machine and
-- priority, by the head's availability.
DROP INDEX cw_instances_next_event;
CREATE INDEX cw_instances_next_event ON cw_instances (machine, next_event_priority, next_event_at)
 WHERE next_event_at IS NOT NULL;

-- The instances leased, by machine, for concurrency caps. cw_instances keeps the lease itself (owner,
-- token, expiry: what fences every write); listing leases here instead of indexing the instance
-- row's lease columns (V8's cw_instances_leased) lets a claim update the row in place. A row is
-- written under its instance row's lock, by whoever leases, renews, releases or commits.
CREATE TABLE cw_leases (
  instance_id text COLLATE "C" PRIMARY KEY,
  machine     text COLLATE "C" NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX cw_leases_machine ON cw_leases (machine, expires_at);
INSERT INTO cw_leases (instance_id, machine, expires_at)
SELECT id, machine, lease_expires_at FROM cw_instances WHERE lease_expires_at IS NOT NULL;
DROP INDEX cw_instances_leased;

-- Events queued while their instance row was locked (a claim or a commit in progress), not yet
-- merged into the row's head columns. The row's head and its markers together name the queue's
-- head; whoever holds the row lock merges or clears them. No foreign key: inserting a marker must
-- not wait for anything.
CREATE TABLE cw_pending_heads (
  instance_id  text COLLATE "C" NOT NULL,
  event_id     bigint NOT NULL,
  available_at timestamptz NOT NULL,
  priority     smallint NOT NULL,
  attempts     integer NOT NULL,
  PRIMARY KEY (instance_id, event_id)
);

-- Broadcasts written by commits, delivered a page of targets at a time (targets in id order, after
-- after_id), deleted once every target has its event.
CREATE TABLE cw_broadcasts (
  id         bigserial PRIMARY KEY,
  machine    text COLLATE "C" NOT NULL,
  state      text NOT NULL,
  event      jsonb NOT NULL,
  priority   smallint NOT NULL,
  sender     text,
  after_id   text COLLATE "C" NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);

-- History rows say which queued event and which attempt they record, and which states the step
-- entered ([{path, entryId, enteredAt}], instants exact).
ALTER TABLE cw_history
  ADD COLUMN event_id bigint NOT NULL DEFAULT 0,
  ADD COLUMN attempt integer NOT NULL DEFAULT 0,
  ADD COLUMN entered jsonb NOT NULL DEFAULT '[]';

-- The sweep's tables are gone: timers fire from the snapshot.
DROP TABLE cw_timer_fires;
DROP TABLE cw_timers;
