-- Concurrency caps (the queue seed, §3.2) count the valid leases of a machine on every capped
-- claim. This index holds only the instances with a lease, so the count reads the few being
-- processed rather than every instance the machine ever had.
CREATE INDEX cw_instances_leased ON cw_instances (machine, lease_expires_at)
 WHERE lease_expires_at IS NOT NULL;
