-- a fire of 50 instances on today's layout: one update of the wide row
\set s random(1, 100000)
BEGIN;
UPDATE cw_instances
   SET active = jsonb_build_array(jsonb_build_object('path', 'waiting', 'entryId', revision,
                                                   'enteredAt', '2026-11-29T10:00:00.654321Z')),
       context = '{"orderId": "o-12345", "amount": 43}',
       timers = jsonb_build_array(jsonb_build_object('key', 'waiting#TICK', 'event', 'TICK',
                                                     'entryId', 3,
                                                     'enteredAt', '2026-11-29T10:00:00.123456Z',
                                                     'due', '2026-11-29T12:00:00Z', 'fires', 2,
                                                     'thenPhase', false)),
       last_entry_id = last_entry_id + 1, revision = revision + 1,
       history_seq = history_seq + 1, updated_at = now(),
       next_timer_at = now() + interval '1 hour'
 WHERE id IN (SELECT 'i' || (:s + g * 1999) % 100000 + 1 FROM generate_series(1, 50) AS g);
COMMIT;
