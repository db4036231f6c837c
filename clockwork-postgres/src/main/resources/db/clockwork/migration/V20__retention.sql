-- Retention (issue 24): what the purge reads, oldest first, in small batches.
-- Finished instances by when they last changed (the instant they finished): the purge's order.
CREATE INDEX cw_instances_finished ON cw_instances (updated_at, id) WHERE status <> 'ACTIVE';
-- Idempotency keys and settled callbacks by age.
CREATE INDEX cw_idempotency_created ON cw_idempotency (created_at);
CREATE INDEX cw_callbacks_settled ON cw_callbacks (created_at)
 WHERE state IN ('delivered', 'failed', 'abandoned');

-- Instances the purge removed, for a while: an enqueue that read the instance row before the purge
-- committed may add its queue row (and head marker) after the purge's deletes ran; a later pass
-- removes such leftovers of the ids here, then the ids.
CREATE TABLE cw_purged_instances (
  instance_id text COLLATE "C" PRIMARY KEY,
  purged_at   timestamptz NOT NULL
);
CREATE INDEX cw_purged_instances_at ON cw_purged_instances (purged_at);
