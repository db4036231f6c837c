-- Triggers recorded on a schedule whose run is not known to be started yet: a tick (or a manual
-- trigger, or a backfill) writes the trigger with this list in one revision-checked update, starts
-- the run only once that update has won, and drops the entry with its next write. A node that dies
-- in between leaves the entry for any tick to carry out, whatever the schedule's status.
ALTER TABLE cw_schedules ADD COLUMN pending json;   -- null when nothing is pending

CREATE INDEX cw_schedules_pending ON cw_schedules (namespace, schedule_id)
  WHERE pending IS NOT NULL;
