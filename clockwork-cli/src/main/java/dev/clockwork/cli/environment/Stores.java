package dev.clockwork.cli.environment;

import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.store.ScheduleStore;
import java.util.Objects;

/**
 * The stores of one database, opened for one command and closed with it: the instance store and the
 * schedule store beside it, already typed, so no command needs to know which database it is.
 *
 * @param store instances, their queues, timers and history, and every other role the engine and the
 *     server keep on the database (the server's callbacks among them)
 * @param schedules schedules and their audit streams, on the same database
 * @param closer closes both (and whatever pool they share)
 */
public record Stores(Store store, ScheduleStore schedules, Runnable closer)
    implements AutoCloseable {

  public Stores {
    Objects.requireNonNull(store, "store");
    Objects.requireNonNull(schedules, "schedules");
    Objects.requireNonNull(closer, "closer");
  }

  @Override
  public void close() {
    closer.run();
  }
}
