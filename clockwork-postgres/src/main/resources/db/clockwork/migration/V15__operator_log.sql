-- The durable operator audit: one row per operator action (retry, purge, pause, resume, trigger,
-- schedule changes, ...) with who took it and through which request. Read newest first by id.
CREATE TABLE cw_operator_log (
  id         bigserial PRIMARY KEY,
  at         timestamptz NOT NULL,
  principal  text NOT NULL,
  request_id text,
  source     text,
  action     text NOT NULL,
  target     text NOT NULL,
  details    jsonb NOT NULL DEFAULT '{}'::jsonb
);
