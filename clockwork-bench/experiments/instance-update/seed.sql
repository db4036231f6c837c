-- 100,000 running instances, each waiting in one state with one timer armed (empty labels and
-- search attributes: their partial indexes take no entry)
INSERT INTO cw_instances (id, machine, version, conversation_id, queue, labels, memo,
                          search_attributes, status, active, context, timers, last_entry_id,
                          revision, history_seq, history_states, created_at, updated_at,
                          next_timer_at)
SELECT 'i' || g, 'm', 1, 'i' || g, 'default', '{}', '{}', '{}', 'ACTIVE',
       jsonb_build_array(jsonb_build_object('path', 'waiting', 'entryId', 3,
                                            'enteredAt', '2026-11-29T10:00:00.123456Z')),
       '{"orderId": "o-12345", "amount": 42}',
       jsonb_build_array(jsonb_build_object('key', 'waiting#TICK', 'event', 'TICK', 'entryId', 3,
                                            'enteredAt', '2026-11-29T10:00:00.123456Z',
                                            'due', '2026-11-29T11:00:00Z', 'fires', 1,
                                            'thenPhase', false)),
       3, 5, 5, '{}', now(), now(), now() + g * interval '1 second'
  FROM generate_series(1, 100000) AS g;
