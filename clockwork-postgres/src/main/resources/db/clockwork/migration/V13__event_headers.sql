-- Headers of queued events (issue 15): small text values stored with an event when it is enqueued
-- (a W3C traceparent, for instance) and reported with its processing. NULL for none; adding a
-- nullable column rewrites nothing.
ALTER TABLE cw_queue ADD COLUMN headers jsonb;
