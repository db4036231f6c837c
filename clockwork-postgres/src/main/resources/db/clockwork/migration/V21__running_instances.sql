-- Retention status (issue 24): running instances longest-running first, so the oldest history row
-- of a running instance is found by reading a bounded number of them, never every one. The
-- predicate matches cw_instances_finished's: a status change moves a row from one to the other.
CREATE INDEX cw_instances_running ON cw_instances (created_at, id) WHERE status = 'ACTIVE';
