package dev.clockwork.schedule;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.store.ScheduleStore;

/**
 * The database a schedules contract test runs on, empty when made: any number of nodes open their
 * stores on it. A store module implements it once (in memory every node shares the same two stores;
 * on PostgreSQL every node opens its own).
 */
public interface ScheduleStorage extends AutoCloseable {

  /** A node's instance store on this database. */
  Store instances();

  /** A node's schedule store on this database, beside {@code instances}. */
  ScheduleStore schedules(Store instances);

  /** Closes what the nodes opened. */
  @Override
  void close();
}
