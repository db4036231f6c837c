package dev.clockwork.chaos.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.machine.ChaosEngine;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultScheduleTest {
  private static final Duration MINUTE = Duration.ofSeconds(60);

  @Test
  void theSameSeedGivesTheSameSchedule() {
    Set<FaultKind> all = FaultKind.all();
    assertThat(FaultSchedule.of(42, all, MINUTE, 3))
        .isEqualTo(FaultSchedule.of(42, all, MINUTE, 3));
    assertThat(FaultSchedule.of(42, all, MINUTE, 3))
        .isNotEqualTo(FaultSchedule.of(43, all, MINUTE, 3));
  }

  @Test
  void faultsStrikeWithinTheWindowAfterAQuietStart() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.all(), MINUTE, 3);
    assertThat(schedule.faults())
        .isNotEmpty()
        .allSatisfy(
            f -> {
              assertThat(f.at()).isBetween(FaultSchedule.QUIET_START, MINUTE);
              assertThat(f.worker()).isBetween(0, 2);
            });
    assertThat(schedule.count(FaultKind.KILL)).isBetween(8L, 20L);
    assertThat(schedule.count(FaultKind.RESTART_DB)).isBetween(2L, 5L);
    assertThat(schedule.faults())
        .filteredOn(f -> f.kind() == FaultKind.RESTART_DB)
        .allSatisfy(
            f -> assertThat(f.downtime()).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(3)));
  }

  @Test
  void aPauseOutlastsTheLease() {
    FaultSchedule schedule = FaultSchedule.of(7, FaultKind.parseList("pause"), MINUTE, 3);
    assertThat(schedule.count(FaultKind.PAUSE)).isBetween(3L, 6L);
    assertThat(schedule.faults())
        .allSatisfy(
            f ->
                assertThat(f.downtime())
                    .isGreaterThan(ChaosEngine.LEASE_TIME)
                    .isLessThanOrEqualTo(ChaosEngine.LEASE_TIME.plusSeconds(4)));
  }

  @Test
  void addingAKindLeavesTheOthersWhereTheyWere() {
    FaultSchedule without = FaultSchedule.of(7, FaultKind.parseList("kill,terminate"), MINUTE, 3);
    FaultSchedule with =
        FaultSchedule.of(7, FaultKind.parseList("kill,terminate,pause"), MINUTE, 3);
    assertThat(with.faults())
        .filteredOn(f -> f.kind() != FaultKind.PAUSE)
        .isEqualTo(without.faults());
  }

  @Test
  void aBaselineHasNoFaults() {
    assertThat(FaultSchedule.of(1, FaultKind.parseList("none"), MINUTE, 3).faults()).isEmpty();
  }

  @Test
  void namesParseToKinds() {
    assertThat(FaultKind.parseList("kill, terminate"))
        .containsExactlyInAnyOrder(FaultKind.KILL, FaultKind.TERMINATE);
    assertThat(FaultKind.parseList("all")).isEqualTo(FaultKind.all());
  }
}
