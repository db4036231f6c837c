package dev.clockwork.runtime.store.retention;

import java.time.Instant;
import java.util.Objects;

/**
 * How many rows retention has removed from one table of one scope since the store was created: a
 * running total every pass adds to ({@code clockwork retention status}'s REMOVED).
 *
 * @param machine the machine with retention of its own, or {@link #EVERY_OTHER_MACHINE} for every
 *     machine without (system-wide tables, the operator log and the schedule audit, count there)
 * @param table the table, by {@link RemovedRows}'s names
 * @param rows rows removed in all
 * @param lastRemovedAt when a pass last removed rows of it (the engine clock's instant)
 */
public record RemovedTotal(String machine, String table, long rows, Instant lastRemovedAt) {
  /** The {@code machine} of the totals of every machine without retention of its own. */
  public static final String EVERY_OTHER_MACHINE = "*";

  public RemovedTotal {
    Objects.requireNonNull(machine, "machine");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(lastRemovedAt, "lastRemovedAt");
  }
}
