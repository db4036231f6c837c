package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * I6: in each entry into the {@code every} state, the recurring timer fired exactly {@code max}
 * times (nothing else leaves the state, and the drain waited for every entry to end), and its
 * {@code then} event came once, after them.
 */
final class CycleCheck {
  private final int max;
  private final Verdict.Row everyMax;
  private final Verdict.Row thenOnce;

  CycleCheck(int max, Verdict verdict) {
    this.max = max;
    this.everyMax =
        verdict.row(Checker.EVERY_MAX, "every state entry got other than max=" + max + " fires");
    this.thenOnce =
        verdict.row(Checker.THEN_ONCE, "entry that reached max got other than one then");
  }

  void check(Map<String, InstanceSeen> instances) {
    new TreeMap<>(instances).forEach((id, instance) -> check(id, instance.cycles()));
  }

  private void check(String id, Cycles cycles) {
    Map<Long, Integer> pulses = counts(cycles.pulses());
    Map<Long, Integer> ends = counts(cycles.ends());
    Set<Long> entries = new HashSet<>(cycles.entries());
    for (long entry : entries) {
      int fired = pulses.getOrDefault(entry, 0);
      int ended = ends.getOrDefault(entry, 0);
      everyMax.checked();
      if (fired != max) {
        everyMax.violation(id + ": entry " + entry + " got " + fired + " fires, max " + max);
      }
      if (fired >= max) {
        thenOnce.checked();
        if (ended != 1) {
          thenOnce.violation(id + ": entry " + entry + " got its then " + ended + " times");
        }
      } else if (ended > 0) {
        thenOnce.violation(
            id + ": entry " + entry + " got its then after " + fired + " of " + max + " fires");
      }
    }
    pulses.keySet().stream()
        .filter(e -> !entries.contains(e))
        .forEach(e -> everyMax.violation(id + ": fires for " + e + ", which entered nothing"));
    ends.keySet().stream()
        .filter(e -> !entries.contains(e))
        .forEach(e -> thenOnce.violation(id + ": then for " + e + ", which entered nothing"));
  }

  static Map<Long, Integer> counts(Iterable<Long> values) {
    Map<Long, Integer> counts = new HashMap<>();
    values.forEach(v -> counts.merge(v, 1, Integer::sum));
    return counts;
  }
}
