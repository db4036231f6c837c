-- Parallel dispatch: when an instance enters a parallel state, each region's entry action becomes a
-- durable job, inserted by the commit that entered the state and run later by any worker without
-- the instance's lease. Keyed by instance id first, like every table that grows with instances.
--
-- A job's lease mirrors an instance's: valid while its token is the stored one, even past its
-- expiry, until a claim takes the job over (which replaces the token). Retrying a job clears its
-- lease; the commit that applies a job's result deletes it, fenced by the token.

CREATE TABLE cw_region_jobs (
  instance_id      text COLLATE "C" NOT NULL,
  id               bigserial NOT NULL,
  machine          text COLLATE "C" NOT NULL,
  -- the queue the job is routed to as dispatched (NULL: none), and the queue it is served from:
  -- NULL is RegionJob.DEFAULT_QUEUE
  queue            text COLLATE "C",
  queue_name       text COLLATE "C" GENERATED ALWAYS AS (COALESCE(queue, 'default')) STORED,
  parallel_state   text NOT NULL,
  parallel_entry   bigint NOT NULL,
  region           text NOT NULL,
  initial_state    text NOT NULL,
  initial_entry    bigint NOT NULL,
  baseline         jsonb NOT NULL,          -- the instance's context when the job was dispatched
  trigger_type     text NOT NULL,           -- the event whose step dispatched the job
  trigger_payload  jsonb NOT NULL,
  attempts         integer NOT NULL,        -- counted when a claim leases the job
  last_error       text,
  created_at       timestamptz NOT NULL,
  -- rounded up: what claims compare with "now"; a claim moves it to the lease's expiry, so leased
  -- jobs fall outside the ready range claims scan
  available_at     timestamptz NOT NULL,
  lease_owner      text,
  lease_token      uuid,
  lease_expires_at timestamptz,             -- rounded up
  PRIMARY KEY (instance_id, id),
  CHECK ((lease_token IS NULL) = (lease_expires_at IS NULL))
);

-- Claims of some queues read, per queue, the jobs available by now in availability order (then id,
-- the claim's tie-break): a range scan that stops after the jobs it takes, skipping the few that a
-- valid lease holds.
CREATE INDEX cw_region_jobs_queue_available ON cw_region_jobs (queue_name, available_at, id);

-- Claims of every queue (and the next job due of every queue) read all queues in the same order.
CREATE INDEX cw_region_jobs_available ON cw_region_jobs (available_at, id);

-- Room for the lease updates of claims and retries next to the row (HOT updates).
ALTER TABLE cw_region_jobs SET (fillfactor = 80);
