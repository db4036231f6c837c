package dev.clockwork.runtime.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Stored ids: how they are built, read back, and printed in logs. */
class NamespacedIdsTest {
  @Test
  void aStoredIdIsPrintedAsNamespaceSlashIdAndADefaultOneAsItIs() {
    String stored = NamespacedIds.stored("tenant-b", "order-42");

    assertThat(NamespacedIds.readable(stored)).isEqualTo("tenant-b/order-42");
    assertThat(NamespacedIds.readable("order-42")).isEqualTo("order-42");
    assertThat(NamespacedIds.readable(NamespacedIds.stored("tenant-b", "o-1") + "/paying#1"))
        .isEqualTo("tenant-b/o-1/paying#1")
        .doesNotContain(String.valueOf(NamespacedIds.SEPARATOR));
  }

  @Test
  void anIdHoldingTheSeparatorIsRefusedNamingTheField() {
    assertThatThrownBy(() -> NamespacedIds.stored("default", "tenant-b\u001Forder-42"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("instance id");
  }
}
