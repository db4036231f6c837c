package dev.clockwork.core.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A writer copies only what a write needs, yet every context it hands out, and the one it started
 * from, never changes afterwards.
 */
class ContextWriterTest {
  private static final Context BASE = Context.of(Map.of("amount", 42));

  @Test
  void aWriterThatWritesNothingHandsBackItsBase() {
    ContextWriter writer = new ContextWriter(BASE);
    writer.remove("missing");

    assertThat(writer.current()).isSameAs(BASE);
  }

  @Test
  void overwritingAddingAndRemovingLeaveTheBaseAsItWas() {
    ContextWriter writer = new ContextWriter(BASE);
    writer.set("amount", 7);
    writer.set("paid", true);
    writer.remove("amount");

    assertThat(writer.current().asMap()).containsExactly(Map.entry("paid", true));
    assertThat(BASE.asMap()).containsExactly(Map.entry("amount", 42));
  }

  @Test
  void aContextHandedOutMidStepKeepsItsValuesWhateverIsWrittenNext() {
    ContextWriter writer = new ContextWriter(Context.of(Map.of("paid", false, "count", 0L)));
    writer.set("paid", true);
    Context read = writer.current();

    writer.set("count", read.getLong("count", 0) + 1); // overwrite: the key array is shared
    writer.set("note", "x"); // a new key
    Context afterAdd = writer.current();
    writer.remove("paid");
    writer.set("count", 5L);

    assertThat(read.asMap()).containsExactlyInAnyOrderEntriesOf(Map.of("paid", true, "count", 0L));
    assertThat(afterAdd.asMap())
        .containsExactlyInAnyOrderEntriesOf(Map.of("paid", true, "count", 1L, "note", "x"));
    assertThat(writer.current().asMap())
        .containsExactlyInAnyOrderEntriesOf(Map.of("count", 5L, "note", "x"));
  }

  @Test
  void keysKeepTheirOrderAsTheWriterGrows() {
    ContextWriter writer = new ContextWriter(Context.empty());
    for (int i = 0; i < 20; i++) {
      writer.set("k" + i, i);
    }
    writer.set("k3", "three");

    assertThat(writer.current().asMap().keySet()).startsWith("k0", "k1", "k2", "k3").hasSize(20);
    assertThat(writer.current().get("k3")).isEqualTo("three");
    assertThat(writer.current().get("k19")).isEqualTo(19);
  }

  @Test
  void valuesAreCheckedAndFrozen() {
    ContextWriter writer = new ContextWriter(BASE);
    writer.set("items", new ArrayList<>(List.of(1, 2)));

    assertThatThrownBy(() -> ((List<?>) writer.current().get("items")).clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> writer.set("when", new Object()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("when");
  }
}
