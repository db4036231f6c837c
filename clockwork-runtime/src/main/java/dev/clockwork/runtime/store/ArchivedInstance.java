package dev.clockwork.runtime.store;

import java.util.List;
import java.util.Objects;

/**
 * One finished instance as retention hands it to an {@link Archiver}: its row and its whole
 * history, oldest first.
 */
public record ArchivedInstance(InstanceRecord instance, List<HistoryEntry> history) {
  public ArchivedInstance {
    Objects.requireNonNull(instance, "instance");
    history = List.copyOf(history);
  }
}
