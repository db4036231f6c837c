-- What each history state of an instance recorded when its parent was last left (issue 27): a JSON
-- object, history state path -> the state paths it restores. Part of the snapshot, so it is written
-- by the same statement as the active states (no extra round trip per turn); NULL while nothing is
-- recorded, which is every instance of a machine without history states.
ALTER TABLE cw_instances ADD COLUMN history_states jsonb;
