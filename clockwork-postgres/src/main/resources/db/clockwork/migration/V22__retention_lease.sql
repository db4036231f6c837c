-- The retention pass's lease (one node purges at a time): a row taken for a while rather than an
-- advisory lock, so the pass holds no connection while it runs (with the smallest pool, one
-- connection listening and one for everything else, a held connection starved the pass itself).
-- A node that dies mid-pass leaves a lease that another node takes once it has expired.
CREATE TABLE cw_leases_by_name (
  name       text COLLATE "C" PRIMARY KEY,
  owner      uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
