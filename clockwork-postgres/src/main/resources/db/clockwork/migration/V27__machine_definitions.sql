-- Each deployed version of each machine as a document (issue 26): a node or dashboard without the
-- machine's classes reads it from here, and a deployed version never changes (the digest tells two
-- deploys apart). Machines are the same in every namespace, so the rows have none.
CREATE TABLE cw_machine_definitions (
  machine     text        NOT NULL,
  version     integer     NOT NULL CHECK (version >= 1),
  document    text        NOT NULL,
  digest      text        NOT NULL,
  deployed_at timestamptz NOT NULL,
  PRIMARY KEY (machine, version)
);
