package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.InstanceSeen;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * F7, a rolling deploy: workers of the old release (the chaos machine's version 1) beside workers
 * of the new one (versions 1 and 2; they upgrade the instances to version 2 when they start).
 * Version 2's code also records each number it applies, so two things can be counted per instance:
 * no number applied by version 1's code after version 2's ran the instance (an old worker running
 * an upgraded instance by the old definition), and, once the deploy finished, every instance on
 * version 2.
 */
final class VersionCheck {
  static final String OLD_CODE = "F7 old code";
  static final String UPGRADED = "F7 upgraded";

  private VersionCheck() {}

  /**
   * @param newest the version the deploy brought, or 0 when the run had no deploy (nothing counted)
   */
  static void check(Map<String, InstanceSeen> instances, int newest, Verdict verdict) {
    if (newest == 0) {
      return;
    }
    Verdict.Row oldCode =
        verdict.row(OLD_CODE, "number applied by the old release after the new one ran");
    Verdict.Row upgraded = verdict.row(UPGRADED, "instance on version " + newest + " after it");
    int[] both = {0};
    new TreeMap<>(instances)
        .forEach(
            (id, instance) -> {
              oldCode.checked();
              Set<Long> byNewest = new HashSet<>(instance.release().appliedByNewest());
              if (!byNewest.isEmpty() && byNewest.size() < instance.applied().size()) {
                both[0]++;
              }
              boolean newRan = false;
              for (long seq : instance.applied()) {
                if (byNewest.contains(seq)) {
                  newRan = true;
                } else if (newRan) {
                  oldCode.violation(id + ": seq " + seq + " applied by the old release after");
                  break;
                }
              }
              upgraded.checked();
              if (instance.release().version() != newest) {
                upgraded.violation(id + " still on version " + instance.release().version());
              }
            });
    verdict.note(
        "F7: "
            + both[0]
            + " of "
            + instances.size()
            + " instances applied events by both releases (the old one's first)");
  }
}
