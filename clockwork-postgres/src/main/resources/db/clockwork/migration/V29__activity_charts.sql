-- Activity charts (issue 28): per machine and minute, besides the counts, what the dashboard's
-- charts need. The two histograms count durations in the same fixed buckets
-- (dev.clockwork.runtime.store.DurationHistogram: bucket 0 under 10 µs, each next one √2 wider), so
-- several engines' reports of one minute add up bucket by bucket and p50/p95 are read from the sum.
-- The backlog is a gauge: the largest pending count any engine sampled in that minute (null when
-- none did). The old rows keep their counts; their new columns read as nothing measured.
ALTER TABLE cw_queue_activity
  ADD COLUMN dead_lettered         bigint NOT NULL DEFAULT 0,
  ADD COLUMN processing_buckets    bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN timer_lateness_buckets bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN backlog               bigint;
