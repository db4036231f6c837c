package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.TimerFire;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * I11: once the faults have stopped, every killed worker is up again, a lease time has passed (what
 * a killed worker's instances wait by design) and the events queued before the workers were up are
 * worked off (a fire waits behind its instance's earlier events: {@link Backlog}), timers fire on
 * time again: the 99th percentile of how late fires committed after their due instant, by the
 * database's clock, is within {@link #BOUND}. Fewer than {@link #MIN_FIRES} fires to judge is a
 * violation too: a recovery window without timers proves nothing.
 */
final class Lateness {
  static final String ID = "I11 lateness";
  static final Duration BOUND = Duration.ofSeconds(2);
  static final int MIN_FIRES = 20;

  private Lateness() {}

  /**
   * Counts the fires due at or after {@code normalFrom}; one violation when their p99 lateness
   * passes the bound or there are too few of them.
   */
  static void check(List<TimerFire> fires, Instant normalFrom, Verdict verdict) {
    Verdict.Row row =
        verdict.row(ID, "timer lateness p99 <= " + BOUND.toSeconds() + " s after the faults");
    List<Long> late = new ArrayList<>();
    List<TimerFire> judged = new ArrayList<>();
    for (TimerFire fire : fires) {
      if (fire.databaseAt() != null && !fire.due().isBefore(normalFrom)) {
        row.checked();
        late.add(lateness(fire));
        judged.add(fire);
      }
    }
    if (late.size() < MIN_FIRES) {
      row.violation(
          late.size()
              + " fires due after "
              + normalFrom
              + ": too few to judge ("
              + MIN_FIRES
              + ")");
      return;
    }
    Collections.sort(late);
    long p99 = late.get((int) Math.min(late.size() - 1, late.size() * 99L / 100));
    String figures =
        String.format(
            "I11: %d fires due after %s; late by %d ms (median) / %d ms (p99) / %d ms (max)",
            late.size(), normalFrom, late.get(late.size() / 2), p99, late.get(late.size() - 1));
    verdict.note(figures);
    verdict.note("I11: the latest fires: " + latest(judged));
    if (p99 > BOUND.toMillis()) {
      row.violation("p99 " + p99 + " ms over " + late.size() + " fires");
    }
  }

  private static long lateness(TimerFire fire) {
    return Duration.between(fire.due(), fire.databaseAt()).toMillis();
  }

  /** The five latest fires as "due at (database clock) +lateness", to see when the stall was. */
  private static String latest(List<TimerFire> judged) {
    List<TimerFire> sorted = new ArrayList<>(judged);
    sorted.sort((a, b) -> Long.compare(lateness(b), lateness(a)));
    List<String> shown = new ArrayList<>();
    for (TimerFire fire : sorted.subList(0, Math.min(5, sorted.size()))) {
      shown.add("due " + fire.due() + " +" + lateness(fire) + " ms");
    }
    return String.join(", ", shown);
  }
}
