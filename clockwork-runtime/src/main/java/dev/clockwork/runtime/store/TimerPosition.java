package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * A place in the list of armed timers, which is ordered by due instant, then instance id, then
 * timer key: a page of that list starts after the position of the previous page's last timer.
 *
 * @param due the timer's due instant (its retry instant when its fire waits for a retry)
 * @param instanceId the instance's stored id
 * @param key the timer's key in its state
 */
public record TimerPosition(Instant due, String instanceId, String key) {
  /** The order of the armed timers list: due instant, then instance id, then timer key. */
  public static final Comparator<TimerView> ORDER =
      Comparator.comparing(TimerView::due)
          .thenComparing(TimerView::instanceId)
          .thenComparing(TimerView::key, Comparator.nullsFirst(Comparator.naturalOrder()));

  public TimerPosition {
    Objects.requireNonNull(due, "due");
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(key, "key");
  }

  /** The position of {@code timer}. */
  public static TimerPosition of(TimerView timer) {
    return new TimerPosition(
        timer.due(), timer.instanceId(), timer.key() == null ? "" : timer.key());
  }

  /** True when {@code timer} comes after this position in the list. */
  public boolean isBefore(TimerView timer) {
    int byDue = timer.due().compareTo(due);
    if (byDue != 0) {
      return byDue > 0;
    }
    int byInstance = timer.instanceId().compareTo(instanceId);
    if (byInstance != 0) {
      return byInstance > 0;
    }
    return (timer.key() == null ? "" : timer.key()).compareTo(key) > 0;
  }
}
