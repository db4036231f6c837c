package dev.clockwork.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.chaos.check.Observations.TimerFire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatenessTest {
  private static final Instant STOPPED = Instant.parse("2026-11-24T10:00:00Z");

  /** {@code count} fires due after {@code from}, each committed {@code lateMillis} after due. */
  private static List<TimerFire> fires(Instant from, int count, long lateMillis) {
    List<TimerFire> fires = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Instant due = from.plusMillis(100L * i);
      fires.add(new TimerFire(i, due, due, due.plusMillis(lateMillis)));
    }
    return fires;
  }

  private static Verdict.Row check(List<TimerFire> fires) {
    Verdict verdict = new Verdict();
    Lateness.check(fires, STOPPED, verdict);
    return verdict.get(Lateness.ID);
  }

  @Test
  void firesOnTimeAfterTheFaultsHold() {
    Verdict.Row row = check(fires(STOPPED, 100, 50));

    assertThat(row.checkedCount()).isEqualTo(100);
    assertThat(row.violations()).isZero();
  }

  @Test
  void lateFiresAfterTheFaultsBreakIt() {
    List<TimerFire> fires = new ArrayList<>(fires(STOPPED, 95, 50));
    fires.addAll(fires(STOPPED.plusSeconds(20), 5, 2_500));

    assertThat(check(fires).violations()).isEqualTo(1);
  }

  @Test
  void lateFiresDueBeforeTheFaultsStoppedDoNotCount() {
    List<TimerFire> fires = new ArrayList<>(fires(STOPPED.minusSeconds(30), 50, 6_000));
    fires.addAll(fires(STOPPED, 50, 50));

    Verdict.Row row = check(fires);

    assertThat(row.checkedCount()).isEqualTo(50);
    assertThat(row.violations()).isZero();
  }

  @Test
  void tooFewFiresToJudgeIsAViolation() {
    assertThat(check(fires(STOPPED, Lateness.MIN_FIRES - 1, 0)).violations()).isEqualTo(1);
  }
}
