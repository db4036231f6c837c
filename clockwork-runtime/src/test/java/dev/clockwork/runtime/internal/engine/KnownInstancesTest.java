package dev.clockwork.runtime.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.internal.engine.KnownInstances.Known;
import org.junit.jupiter.api.Test;

/** What enqueues remember of instances is bounded: the least recently used go first. */
class KnownInstancesTest {
  private static Known known(int i) {
    return new Known("c-" + i, "counter", 1, "conversation-" + i);
  }

  @Test
  void pastItsCapacityTheLeastRecentlyUsedIsForgotten() {
    KnownInstances instances = new KnownInstances();
    for (int i = 0; i < KnownInstances.CAPACITY; i++) {
      instances.remember(known(i));
    }
    assertThat(instances.get("c-0")).contains(known(0)); // now the most recently used

    instances.remember(known(KnownInstances.CAPACITY));

    assertThat(instances.get("c-1")).as("the least recently used").isEmpty();
    assertThat(instances.get("c-0")).contains(known(0));
    assertThat(instances.get("c-" + KnownInstances.CAPACITY)).isPresent();
  }
}
