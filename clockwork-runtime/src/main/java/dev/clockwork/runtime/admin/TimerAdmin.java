package dev.clockwork.runtime.admin;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The armed timers, for operators: all of them soonest first, those due soon, those overdue (due,
 * not fired yet: the workers are behind, stopped, or the machine's queue is paused). What {@code
 * clockwork timers} and the API's {@code /api/timers} call.
 */
public final class TimerAdmin {
  private final Store store;
  private final Clock clock;
  private final String namespace;

  /** The timers of every namespace (their instance ids are stored ids: {@link NamespacedIds}). */
  public TimerAdmin(Store store, Clock clock) {
    this(store, clock, null);
  }

  /**
   * The timers of {@code namespace}'s instances, named by the ids callers know (without the
   * namespace); every namespace's, named by their stored ids, when null.
   */
  public TimerAdmin(Store store, Clock clock, String namespace) {
    this.store = store;
    this.clock = clock;
    this.namespace = namespace;
  }

  /**
   * Up to {@code limit} armed timers, soonest first, of one machine (every machine when null) and
   * of the state {@code statePrefix} and its substates (every state when null).
   */
  public List<TimerView> armed(String machine, String statePrefix, int limit) {
    return armed(machine, statePrefix, null, limit);
  }

  /**
   * A page of {@link #armed(String, String, int)}: up to {@code limit} armed timers after {@code
   * after} (from the first when null), in {@link TimerPosition#ORDER} — due instant, instance id,
   * timer key. Positions name instances by the ids this admin shows.
   */
  public List<TimerView> armed(String machine, String statePrefix, TimerPosition after, int limit) {
    return armedTimers(machine, statePrefix, after, limit);
  }

  /**
   * Up to {@code limit} armed timers due within {@code within} from now (overdue ones included).
   */
  public List<TimerView> dueWithin(String machine, Duration within, int limit) {
    return dueWithin(machine, within, null, limit);
  }

  /** A page of {@link #dueWithin(String, Duration, int)} after {@code after} (null: the first). */
  public List<TimerView> dueWithin(
      String machine, Duration within, TimerPosition after, int limit) {
    Instant until = clock.instant().plus(within);
    return armedTimers(machine, null, after, limit).stream()
        .takeWhile(timer -> !timer.due().isAfter(until))
        .toList();
  }

  /** Up to {@code limit} armed timers whose due instant has passed, the longest overdue first. */
  public List<TimerView> overdue(String machine, int limit) {
    return overdue(machine, null, limit);
  }

  /** A page of {@link #overdue(String, int)} after {@code after} (null: the first). */
  public List<TimerView> overdue(String machine, TimerPosition after, int limit) {
    Instant now = clock.instant();
    return armedTimers(machine, null, after, limit).stream()
        .takeWhile(timer -> timer.due().isBefore(now))
        .toList();
  }

  private List<TimerView> armedTimers(
      String machine, String statePrefix, TimerPosition after, int limit) {
    TimerPosition stored =
        after == null || namespace == null
            ? after
            : new TimerPosition(
                after.due(), NamespacedIds.stored(namespace, after.instanceId()), after.key());
    List<TimerView> armed =
        store.queueAdmin().armedTimers(machine, namespace, statePrefix, stored, limit);
    if (namespace == null) {
      return armed;
    }
    return armed.stream()
        .map(
            t ->
                new TimerView(
                    NamespacedIds.idOf(t.instanceId()),
                    t.machine(),
                    t.state(),
                    t.event(),
                    t.due(),
                    t.fires(),
                    t.key()))
        .toList();
  }

  /** Whether {@code timer} is overdue now. */
  public boolean isOverdue(TimerView timer) {
    return timer.due().isBefore(clock.instant());
  }
}
