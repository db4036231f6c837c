-- 50 instances' next timer moved, nothing else
\set s random(1, 100000)
UPDATE cw_instances SET next_timer_at = now() + interval '1 hour'
 WHERE id IN (SELECT 'i' || (:s + g * 1999) % 100000 + 1 FROM generate_series(1, 50) AS g);
