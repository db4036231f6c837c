package dev.clockwork.chaos.machine;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateBuilder;
import dev.clockwork.core.time.Timer;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine every worker runs. Each external event carries a per-instance sequence number in its
 * payload ({@value #SEQ}); the action appends it to the context's {@value #APPLIED} list, so the
 * order of applied events and any duplicate can be read back from the instance.
 *
 * <ul>
 *   <li>{@code STEP}: appends its number.
 *   <li>{@code SLOW}: appends its number after an action of {@value #SLOW_MILLIS} ms (the lease is
 *       renewed meanwhile), so a worker stopped by a pause is often in the middle of a turn.
 *   <li>{@code TRANSIENT}: fails its first attempt (as the action sees it, {@code attempt() == 1}),
 *       then appends its number.
 *   <li>{@code POISON}: always fails; ends in the dead letters after every attempt.
 *   <li>{@code ARM}: appends its number; in {@code open} it enters {@code ticking} and records the
 *       entry in {@value #ENTRIES}. Entering {@code ticking} arms a one-shot {@code after} of
 *       {@link #RING_AFTER}; its fire ({@code RING}) appends the entry's number to {@value #RINGS}
 *       and goes back to {@code open}.
 * </ul>
 */
public final class ChaosMachine {
  public static final String ID = "chaos";
  public static final String SEQ = "seq";
  public static final String APPLIED = "applied";
  public static final String ENTRIES = "entries";
  public static final String RINGS = "rings";
  private static final String ARMED_BY = "armedBy";
  public static final Timer RING_AFTER = Timer.seconds(1);
  public static final long SLOW_MILLIS = 1_000;

  private ChaosMachine() {}

  public static MachineDefinition definition() {
    return Machine.define(ID)
        .initial("open")
        .state(
            "open",
            s ->
                common(s)
                    .on(
                        "ARM",
                        t ->
                            t.to("ticking")
                                .action(
                                    x -> {
                                      long seq = append(x, APPLIED);
                                      append(x, ENTRIES);
                                      x.set(ARMED_BY, seq);
                                    })))
        .state(
            "ticking",
            s ->
                common(s)
                    .on("ARM", t -> t.action(x -> append(x, APPLIED)))
                    .on(
                        "RING",
                        t ->
                            t.to("open")
                                .after(RING_AFTER)
                                .action(
                                    x ->
                                        x.set(
                                            RINGS,
                                            plus(
                                                x.context().get(RINGS),
                                                x.context().getLong(ARMED_BY, -1))))))
        .build();
  }

  private static StateBuilder common(StateBuilder s) {
    return s.on("STEP", t -> t.action(x -> append(x, APPLIED)))
        .on(
            "SLOW",
            t ->
                t.action(
                    x -> {
                      try {
                        Thread.sleep(SLOW_MILLIS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted in a slow action", e);
                      }
                      append(x, APPLIED);
                    }))
        .on(
            "TRANSIENT",
            t ->
                t.action(
                    x -> {
                      if (x.attempt() == 1) {
                        throw new IllegalStateException(
                            "transient failure of event " + x.eventId() + ", attempt 1");
                      }
                      append(x, APPLIED);
                    }))
        .on(
            "POISON",
            t ->
                t.action(
                    x -> {
                      throw new IllegalStateException(
                          "poison event " + x.eventId() + ", attempt " + x.attempt());
                    }));
  }

  /** Appends the event's sequence number to the list under {@code key}; returns the number. */
  private static long append(ActionScope x, String key) {
    Object value = x.event().payload().get(SEQ);
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException(
          "event " + x.event().type() + " carries no numeric '" + SEQ + "' payload: " + value);
    }
    x.set(key, plus(x.context().get(key), number.longValue()));
    return number.longValue();
  }

  private static List<Object> plus(Object list, long value) {
    List<Object> more = new ArrayList<>();
    if (list instanceof List<?> old) {
      more.addAll(old);
    }
    more.add(value);
    return more;
  }

  /** The numbers stored under {@code key} in a context, as longs. */
  public static List<Long> numbers(Object list) {
    List<Long> numbers = new ArrayList<>();
    if (list instanceof List<?> values) {
      for (Object value : values) {
        numbers.add(((Number) value).longValue());
      }
    }
    return numbers;
  }
}
