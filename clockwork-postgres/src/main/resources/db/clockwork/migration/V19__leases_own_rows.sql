-- A lease lives in cw_leases only (issue 23: the claim no longer writes the instance row).
--
-- Until now the lease was kept twice: owner, token and expiry on cw_instances (what fenced every
-- write) and a copy in cw_leases (what caps count). A claim therefore wrote a new version of the
-- wide instance row — and, whenever the page had no room for a heap-only update, an entry in each
-- of its ten indexes — only to set three columns the turn's commit cleared again. Now a claim locks
-- the due rows it reads (FOR NO KEY UPDATE SKIP LOCKED, held until the claim's transaction ends, as
-- before) and inserts the lease here; a lease is taken over only when it has expired (INSERT … ON
-- CONFLICT DO UPDATE … WHERE expires_at <= now, which sees the latest committed lease). Every
-- writer of a lease holds the instance row's lock while it writes, so a commit that locked the row
-- reads a token nobody can replace before it ends.
--
-- Nodes of an earlier version cannot run against this schema: stop them before migrating.
ALTER TABLE cw_leases ADD COLUMN owner text, ADD COLUMN token uuid;

UPDATE cw_leases l
   SET owner = i.lease_owner, token = i.lease_token
  FROM cw_instances i
 WHERE i.id = l.instance_id AND i.lease_token IS NOT NULL;

INSERT INTO cw_leases (instance_id, machine, expires_at, owner, token)
SELECT id, machine, lease_expires_at, lease_owner, lease_token
  FROM cw_instances
 WHERE lease_token IS NOT NULL
ON CONFLICT (instance_id) DO NOTHING;

DELETE FROM cw_leases WHERE token IS NULL;

ALTER TABLE cw_leases ALTER COLUMN owner SET NOT NULL, ALTER COLUMN token SET NOT NULL;

ALTER TABLE cw_instances
  DROP COLUMN lease_owner,
  DROP COLUMN lease_token,
  DROP COLUMN lease_expires_at;
