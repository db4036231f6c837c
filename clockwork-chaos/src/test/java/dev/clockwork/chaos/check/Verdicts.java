package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.Outreach;
import java.util.List;
import java.util.Map;

/** Checks of made-up observations without a ledger, and the assertions on their verdicts. */
final class Verdicts {
  static final int MAX_ATTEMPTS = 3;
  static final int EVERY_MAX = 3;

  private Verdicts() {}

  /** The verdict on one instance, {@code i-1}, and what it reached, with an empty ledger. */
  static Verdict check(Cycles cycles, Outreach outreach, Reached reached, ScheduleSeen schedule) {
    InstanceSeen instance =
        new InstanceSeen(List.of(), List.of(), List.of(), Map.of(), List.of(), cycles, outreach);
    return new Checker(MAX_ATTEMPTS, EVERY_MAX)
        .check(List.of(), new Observations(Map.of("i-1", instance), Map.of(), reached, schedule));
  }

  /** Only {@code broken} broke, {@code count} times each. */
  static void onlyBroken(Verdict verdict, long count, String... broken) {
    List<String> ids = List.of(broken);
    for (Verdict.Row row : verdict.rows()) {
      assertThat(row.violations())
          .as(row.id() + " " + row.examples())
          .isEqualTo(ids.contains(row.id()) ? count : 0);
    }
    assertThat(verdict.holds()).isFalse();
  }

  static void holds(Verdict verdict) {
    for (Verdict.Row row : verdict.rows()) {
      assertThat(row.violations()).as(row.id() + " " + row.examples()).isZero();
    }
  }
}
