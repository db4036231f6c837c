/**
 * Clockwork on PostgreSQL: {@link dev.clockwork.postgres.PostgresStore}, the production {@link
 * dev.clockwork.runtime.store.Store}.
 *
 * <p>How it works, table by table ({@code cw_*}, created by {@link
 * dev.clockwork.postgres.schema.ClockworkMigrations}):
 *
 * <ul>
 *   <li>{@code cw_instances}: one row per instance — the snapshot as JSON, the head of its queue
 *       ({@code next_event_*}), its earliest armed timer ({@code next_timer_at}) and the timer fire
 *       waiting for a retry. From these the row works out when its work falls due ({@code
 *       next_due_at}, a stored generated column) and how urgent it is; claims range-scan an index
 *       on (machine, priority, due) per machine and priority, so their cost follows the instances
 *       with work due, not the timers armed for later. Timers fire straight from the snapshot:
 *       there is no sweep and no queue row per fire.
 *   <li>{@code cw_leases}: the lease of each instance being processed (owner, token, expiry), what
 *       caps count and every commit is fenced by; a claim inserts it without writing the instance
 *       row, and takes over only an expired one.
 *   <li>{@code cw_queue}: events in id order per instance. An enqueue never waits for a turn in
 *       progress: it merges the event into the row's head when it can lock the row at once, and
 *       otherwise leaves a marker in {@code cw_pending_heads}, which the next claim merges.
 *   <li>{@code cw_history}, {@code cw_dead_letters}: append-only.
 *   <li>{@code cw_broadcasts}: the broadcasts commits wrote, delivered a page of targets per
 *       transaction with a cursor.
 *   <li>{@code cw_region_jobs}: parallel regions' entry actions as durable jobs, inserted and
 *       finished by commits, leased by any worker with {@code FOR UPDATE SKIP LOCKED} from an index
 *       on (queue, availability), each write fenced by the job lease's token.
 *   <li>{@code cw_idempotency}, {@code cw_machine_queues}: keys already used, paused machines.
 *   <li>{@code cw_callbacks}, {@code cw_callback_deliveries}: the server's callbacks of queued API
 *       events and their delivery attempts (the store's callbacks role), claimed {@code FOR UPDATE
 *       SKIP LOCKED} under a lease.
 * </ul>
 *
 * <p>Every write under a lease is fenced by its token; turns that finish together commit in one
 * transaction of a few statements, whatever their number. Idle workers wait with {@code LISTEN
 * clockwork_work}.
 */
package dev.clockwork.postgres;
