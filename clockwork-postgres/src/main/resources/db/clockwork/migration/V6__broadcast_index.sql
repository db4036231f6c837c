-- Broadcasts find the active instances of a machine in a state through this index on the active
-- states ([{path, entryId, enteredAt}]): active @> '[{"path": "pending"}]'.

CREATE INDEX cw_instances_active ON cw_instances USING gin (active jsonb_path_ops);
