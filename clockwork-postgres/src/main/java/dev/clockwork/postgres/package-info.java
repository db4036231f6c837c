/**
 * Clockwork on PostgreSQL: {@link dev.clockwork.postgres.PostgresStore}, the production {@link
 * dev.clockwork.runtime.store.Store}.
 *
 * <p>How it works, table by table ({@code cw_*}, created by {@link
 * dev.clockwork.postgres.schema.ClockworkMigrations}):
 *
 * <ul>
 *   <li>{@code cw_instances}: one row per instance — the snapshot as JSON, the lease (owner, token,
 *       expiry) and {@code next_event_at}, the availability of the head of its queue. Claims read
 *       only that column, through a partial index, so their cost follows the ready instances:
 *       {@code UPDATE … WHERE id IN (SELECT … ORDER BY next_event_at LIMIT n FOR NO KEY UPDATE SKIP
 *       LOCKED) RETURNING …}, one fresh lease token per instance.
 *   <li>{@code cw_queue}: events in id order per instance. Enqueuing first sets the instance's
 *       {@code next_event_at} when its queue was empty (taking the row lock), then inserts; who
 *       removes or delays events holds that lock and recomputes the head in a later statement, so
 *       no enqueue is missed.
 *   <li>{@code cw_history}, {@code cw_dead_letters}: append-only.
 *   <li>{@code cw_timers}: the armed timers of every snapshot, indexed by due time; the sweep moves
 *       due ones into the queues and records each fire in {@code cw_timer_fires}, whose primary key
 *       lets one fire in however many sweeps run at once.
 * </ul>
 *
 * <p>Every write under a lease is fenced by its token; step commits are batched, one transaction
 * and a handful of round trips per batch. Idle workers wait with {@code LISTEN clockwork_work}.
 */
package dev.clockwork.postgres;
