package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.time.DstPolicy.Gap;
import dev.clockwork.core.time.DstPolicy.Overlap;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class DstPolicyTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
  private static final LocalDateTime ORDINARY = LocalDateTime.parse("2026-06-01T02:30");
  private static final LocalDateTime IN_GAP = LocalDateTime.parse("2026-03-08T02:30");
  private static final LocalDateTime IN_OVERLAP = LocalDateTime.parse("2026-11-01T01:30");

  @Test
  void defaultShiftsForwardAndTakesTheFirstOffset() {
    assertThat(DstPolicy.DEFAULT).isEqualTo(DstPolicy.of(Gap.SHIFT_FORWARD, Overlap.FIRST));
    assertThat(DstPolicy.DEFAULT).hasToString("gap SHIFT_FORWARD, overlap FIRST");
  }

  @Test
  void anOrdinaryTimeHasOneInstantUnderEveryPolicy() {
    for (Gap gap : Gap.values()) {
      for (Overlap overlap : Overlap.values()) {
        assertThat(DstPolicy.of(gap, overlap).resolve(ORDINARY, NEW_YORK))
            .containsExactly(Instant.parse("2026-06-01T06:30:00Z"));
      }
    }
  }

  @Test
  void aTimeInAGapShiftsToTheTransitionInstantOrIsSkipped() {
    assertThat(DstPolicy.of(Gap.SHIFT_FORWARD, Overlap.BOTH).resolve(IN_GAP, NEW_YORK))
        .containsExactly(Instant.parse("2026-03-08T07:00:00Z")); // 03:00 EDT
    assertThat(DstPolicy.of(Gap.SKIP, Overlap.FIRST).resolve(IN_GAP, NEW_YORK)).isEmpty();
  }

  @Test
  void aTimeInAnOverlapTakesTheFirstTheLastOrBothInstants() {
    Instant edt = Instant.parse("2026-11-01T05:30:00Z");
    Instant est = Instant.parse("2026-11-01T06:30:00Z");

    assertThat(DstPolicy.of(Gap.SKIP, Overlap.FIRST).resolve(IN_OVERLAP, NEW_YORK))
        .containsExactly(edt);
    assertThat(DstPolicy.of(Gap.SKIP, Overlap.LAST).resolve(IN_OVERLAP, NEW_YORK))
        .containsExactly(est);
    assertThat(DstPolicy.of(Gap.SKIP, Overlap.BOTH).resolve(IN_OVERLAP, NEW_YORK))
        .containsExactly(edt, est);
  }

  @Test
  void aHalfHourShiftIsHandledLikeAnyOther() {
    // Lord Howe Island moves from +10:30 to +11:00 at 02:00 on the first Sunday of October.
    ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe");
    LocalDateTime inGap = LocalDateTime.parse("2026-10-04T02:15");

    assertThat(DstPolicy.DEFAULT.resolve(inGap, lordHowe))
        .containsExactly(Instant.parse("2026-10-03T15:30:00Z")); // 02:30 +11:00
  }

  @Test
  void bothPartsAreRequired() {
    assertThatThrownBy(() -> DstPolicy.of(null, Overlap.FIRST))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> DstPolicy.of(Gap.SKIP, null)).isInstanceOf(NullPointerException.class);
  }
}
