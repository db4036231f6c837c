package dev.clockwork.runtime.store;

/**
 * Where instances, their history, their event queues, their armed timers and what operators and the
 * server keep beside them live: one object per database, handed to the engine ({@code
 * Engine.builder().store(store)}), that hands out the store's roles. Clockwork ships an in-memory
 * store (tests, demos) and a PostgreSQL store; both pass the same contract tests. Implement it only
 * to add a storage backend.
 *
 * <p>Every role's methods are atomic, and the roles of one store share its data: an event {@link
 * QueueStore#enqueue enqueued} is claimed through {@link WorkStore#claim}. Times are always the
 * engine clock's, passed in — a store never judges time by a clock of its own; a store several
 * nodes share reports its clock ({@link WorkStore#sharedTime}) so each engine can set its clock by
 * it. Each accessor returns the same role object every time.
 */
public interface Store {

  /** Instances, their history, and who is in a conversation or a state. */
  InstanceStore instances();

  /** Taking events into instances' queues, and what became of them. */
  QueueStore queue();

  /** Workers' claims, leases and commits, broadcast delivery, waiting for work. */
  WorkStore work();

  /** Operating the queues: figures, pauses, dead letters, purges, stuck leases, armed timers. */
  QueueAdminStore queueAdmin();

  /** What every engine processed, by machine and minute. */
  ActivityStore activity();

  /** The operator audit. */
  OperatorLogStore operatorLog();

  /** Parallel dispatch's region jobs. */
  RegionJobStore regionJobs();

  /** The server's callbacks of queued API events. */
  CallbackStore callbacks();

  /** Removing what retention no longer keeps: finished instances, old history, keys, logs. */
  RetentionStore retention();

  /** Each deployed version of each machine, as a document. */
  DefinitionStore definitions();
}
