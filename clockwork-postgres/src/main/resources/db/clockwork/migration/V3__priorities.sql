-- Event priorities (critical 0 .. bulk 4, normal 2): claims serve the instance whose head event has
-- the highest priority first, then the longest-waiting one. Per instance, order stays by id.

ALTER TABLE cw_queue ADD COLUMN priority smallint NOT NULL DEFAULT 2;
ALTER TABLE cw_dead_letters ADD COLUMN priority smallint NOT NULL DEFAULT 2;
ALTER TABLE cw_instances ADD COLUMN next_event_priority smallint;

UPDATE cw_instances SET next_event_priority = 2 WHERE next_event_at IS NOT NULL;

DROP INDEX cw_instances_next_event;
CREATE INDEX cw_instances_next_event
    ON cw_instances (next_event_priority, next_event_at, next_event_id)
 WHERE next_event_at IS NOT NULL;
