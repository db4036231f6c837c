package dev.clockwork.postgres.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The snapshot's JSON columns: the text written, and reading back what jsonb gives. */
class SnapshotJsonTest {
  private static final Instant AT = Instant.parse("2026-11-29T10:15:30.123456789Z");

  @Test
  void activeStatesAreWrittenAsBeforeAndReadBackExactly() {
    List<StoredEntry> active =
        List.of(new StoredEntry("a.\"quoted\"", 7, AT), new StoredEntry("b", 8, Instant.EPOCH));

    String json = SnapshotJson.writeActive(active);

    assertThat(json)
        .isEqualTo(
            "[{\"path\":\"a.\\\"quoted\\\"\",\"entryId\":7,\"enteredAt\":\"2026-11-29T10:15:30.123456789Z\"},"
                + "{\"path\":\"b\",\"entryId\":8,\"enteredAt\":\"1970-01-01T00:00:00Z\"}]");
    assertThat(SnapshotJson.readActive(json)).isEqualTo(active);
  }

  @Test
  void keysComeBackInJsonbsOrderAndAreReadByName() {
    // jsonb orders an object's keys by length, then bytes
    String stored =
        "[{\"path\": \"p\", \"entryId\": 3, \"enteredAt\": \"2026-11-29T10:15:30.123456789Z\"}]";
    String timers =
        "[{\"due\": \"2026-11-29T10:15:31Z\", \"key\": \"s#E\", \"event\": \"E\", \"fires\": 2,"
            + " \"value\": null, \"entryId\": 4, \"enteredAt\": \"2026-11-29T10:15:30.123456789Z\","
            + " \"thenPhase\": true, \"unknown\": {\"nested\": [1]}}]";

    assertThat(SnapshotJson.readActive(stored)).containsExactly(new StoredEntry("p", 3, AT));
    assertThat(SnapshotJson.readTimers(timers))
        .containsExactly(
            new ArmedTimer(
                "s#E", "E", 4, AT, Instant.parse("2026-11-29T10:15:31Z"), 2, true, null, false));
  }

  @Test
  void timersKeepTheirValueAndFailureAndLeaveThemOutWhenAbsent() {
    ArmedTimer plain = new ArmedTimer("s#E", "E", 1, AT, AT.plusSeconds(60), 0, false, null, false);
    ArmedTimer computed = new ArmedTimer("s#F", "F", 2, AT, AT, 3, true, "PT1H", true);

    String json = SnapshotJson.writeTimers(List.of(plain, computed));

    assertThat(json)
        .startsWith(
            "[{\"key\":\"s#E\",\"event\":\"E\",\"entryId\":1,\"enteredAt\":\"2026-11-29T10:15:30.123456789Z\","
                + "\"due\":\"2026-11-29T10:16:30.123456789Z\",\"fires\":0,\"thenPhase\":false},")
        .endsWith(",\"fires\":3,\"thenPhase\":true,\"value\":\"PT1H\",\"failed\":true}]");
    assertThat(SnapshotJson.readTimers(json)).containsExactly(plain, computed);
  }

  @Test
  void stringListsAndEmptyOrNullColumns() {
    assertThat(SnapshotJson.writeStrings(List.of("a", "b\\c"))).isEqualTo("[\"a\",\"b\\\\c\"]");
    assertThat(SnapshotJson.readStrings("[\"a\", \"b\\\\c\"]")).containsExactly("a", "b\\c");
    assertThat(SnapshotJson.writeActive(List.of())).isEqualTo("[]");
    assertThat(SnapshotJson.readTimers("[]")).isEmpty();
    assertThat(SnapshotJson.readActive("null")).isEmpty();
  }
}
