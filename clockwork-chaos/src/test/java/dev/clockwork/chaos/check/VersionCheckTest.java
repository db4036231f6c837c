package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.VersionCheck.Release;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VersionCheckTest {
  private static Verdict check(Release release) {
    Verdict verdict = new Verdict();
    VersionCheck.check(Map.of("i-1", release), 2, verdict);
    return verdict;
  }

  @Test
  void oldCodeBeforeTheUpgradeAndNewCodeAfterHolds() {
    Verdict verdict = check(new Release(2, List.of(1L, 2L, 3L, 4L), List.of(3L, 4L)));

    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isZero();
    assertThat(verdict.get(VersionCheck.UPGRADED).violations()).isZero();
    assertThat(verdict.get(VersionCheck.OLD_CODE).checkedCount()).isEqualTo(1);
  }

  @Test
  void oldCodeAfterTheNewRanBreaksIt() {
    Verdict verdict = check(new Release(2, List.of(1L, 2L, 3L, 4L), List.of(2L, 4L)));

    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isEqualTo(1);
  }

  @Test
  void anInstanceLeftOnTheOldVersionBreaksIt() {
    Verdict verdict = check(new Release(1, List.of(1L, 2L), List.of()));

    assertThat(verdict.get(VersionCheck.UPGRADED).violations()).isEqualTo(1);
    assertThat(verdict.get(VersionCheck.OLD_CODE).violations()).isZero();
  }

  @Test
  void aRunWithoutADeployCountsNothing() {
    Verdict verdict = new Verdict();
    VersionCheck.check(Map.of("i-1", new Release(1, List.of(1L), List.of())), 0, verdict);

    assertThat(verdict.rows()).isEmpty();
  }
}
