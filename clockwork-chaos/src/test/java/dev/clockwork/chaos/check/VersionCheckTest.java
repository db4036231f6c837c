package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.Cycles;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.Outreach;
import dev.clockwork.chaos.check.Observations.Release;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionCheckTest {
  private static InstanceSeen instance(int version, List<Long> applied, List<Long> byNewest) {
    return new InstanceSeen(
        applied,
        List.of(),
        List.of(),
        Map.of(),
        List.of(),
        List.of(),
        Cycles.NONE,
        Outreach.NONE,
        new Release(version, byNewest));
  }

  private static Verdict check(InstanceSeen instance) {
    Verdict verdict = new Verdict();
    VersionCheck.check(Map.of("i-1", instance), 2, verdict);
    return verdict;
  }

  @Test
  void oldCodeBeforeTheUpgradeAndNewCodeAfterHolds() {
    Verdict verdict = check(instance(2, List.of(1L, 2L, 3L, 4L), List.of(3L, 4L)));

    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isZero();
    assertThat(verdict.get(VersionCheck.UPGRADED).violations()).isZero();
    assertThat(verdict.get(VersionCheck.OLD_CODE).checkedCount()).isEqualTo(1);
  }

  @Test
  void oldCodeAfterTheNewRanBreaksIt() {
    Verdict verdict = check(instance(2, List.of(1L, 2L, 3L, 4L), List.of(2L, 4L)));

    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isEqualTo(1);
  }

  @Test
  void anInstanceLeftOnTheOldVersionBreaksIt() {
    Verdict verdict = check(instance(1, List.of(1L, 2L), List.of()));

    assertThat(verdict.get(VersionCheck.UPGRADED).violations()).isEqualTo(1);
    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isZero();
  }

  @Test
  void aRunWithoutADeployCountsNothing() {
    Verdict verdict = new Verdict();
    VersionCheck.check(Map.of("i-1", instance(1, List.of(1L), List.of())), 0, verdict);

    assertThat(verdict.rows()).isEmpty();
  }
}
