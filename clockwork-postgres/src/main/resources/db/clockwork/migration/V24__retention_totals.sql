-- Rows retention removed, as running totals: one row per machine with retention of its own (or '*'
-- for every other machine, and the system-wide tables) and table, each pass adding what it removed.
-- Bounded by machines times tables, whatever the traffic.
CREATE TABLE cw_retention_totals (
  machine         text COLLATE "C" NOT NULL,
  table_name      text COLLATE "C" NOT NULL,
  rows_removed    bigint NOT NULL,
  last_removed_at timestamptz NOT NULL,     -- the engine clock's instant of the last pass adding
  PRIMARY KEY (machine, table_name)
);

-- Deleted schedules by when they were deleted: retention.schedule_audit finds the ones whose audit
-- it removes without reading the live schedules.
CREATE INDEX cw_schedules_deleted ON cw_schedules (deleted_at, namespace, schedule_id)
  WHERE status = 'deleted';
