package dev.clockwork.runtime.internal.retention;

import dev.clockwork.runtime.store.retention.RemovedRows;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Purges that modules extending an engine add to its retention pass (schedules: a deleted
 * schedule's audit). Each runs after the engine's own steps, on the one node running the pass, with
 * the pass's "now"; what it removes counts in the pass's rows like the engine's own tables. A step
 * that throws is logged and the others run.
 */
public final class RetentionSteps {
  private static final Logger LOG = LoggerFactory.getLogger(RetentionSteps.class);

  private record Step(String table, ToLongFunction<Instant> purge) {}

  private final List<Step> steps = new CopyOnWriteArrayList<>();

  /** Runs {@code purge} in every pass; it returns the rows of {@code table} it removed. */
  public void add(String table, ToLongFunction<Instant> purge) {
    steps.add(new Step(table, purge));
  }

  /** Runs every step at {@code now}; returns what they removed, by table. */
  RemovedRows run(Instant now) {
    Map<String, Long> removed = new TreeMap<>();
    for (Step step : steps) {
      try {
        removed.merge(step.table(), step.purge().applyAsLong(now), Long::sum);
      } catch (RuntimeException e) {
        LOG.warn(
            "retention step {} failed; it runs again next pass: {}", step.table(), e.toString());
      }
    }
    return new RemovedRows(removed);
  }
}
