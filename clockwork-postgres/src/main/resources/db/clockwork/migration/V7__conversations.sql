-- Conversations (the queue seed, §3.6): every instance belongs to one. An emit addressed to a
-- machine rather than an instance goes to that machine's oldest instance in the sender's
-- conversation, found through cw_instances_conversation, or to a new one created there.
--
-- Instances stored before this migration get the conversation of their top-level instance, named
-- by its id: a parent and its child machines (ids '<parent>/<state>#<entry>') share one.

ALTER TABLE cw_instances ADD COLUMN conversation_id text COLLATE "C";
UPDATE cw_instances SET conversation_id = split_part(id, '/', 1);
ALTER TABLE cw_instances ALTER COLUMN conversation_id SET NOT NULL;
CREATE INDEX cw_instances_conversation ON cw_instances (conversation_id, machine, created_at, id);

-- History rows carry their instance's conversation, so a conversation's events can be read back
-- across machines (join through cw_instances_conversation to use an index).
ALTER TABLE cw_history ADD COLUMN conversation_id text COLLATE "C";
UPDATE cw_history h SET conversation_id = i.conversation_id FROM cw_instances i
 WHERE i.id = h.instance_id;
