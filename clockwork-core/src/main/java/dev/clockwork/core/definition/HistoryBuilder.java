package dev.clockwork.core.definition;

import java.util.Objects;

/**
 * Declares a history state: shallow unless {@link #deep()}, with an optional default transition
 * ({@code to(…)} and {@code action(…)}) taken when its parent has never been left. Without a
 * default, a history with nothing recorded enters its parent as usual (its initial child, or every
 * region).
 */
public final class HistoryBuilder extends BranchBuilder<HistoryBuilder> {
  final String name;
  HistoryType type = HistoryType.SHALLOW;

  HistoryBuilder(String name) {
    this.name = name;
  }

  /** Records the parent's active atomic descendants at any depth. */
  public HistoryBuilder deep() {
    this.type = HistoryType.DEEP;
    return this;
  }

  /** Records the parent's active children only (the default). */
  public HistoryBuilder shallow() {
    this.type = HistoryType.SHALLOW;
    return this;
  }

  /** Shallow or deep. */
  public HistoryBuilder type(HistoryType historyType) {
    this.type = Objects.requireNonNull(historyType, "history type");
    return this;
  }
}
