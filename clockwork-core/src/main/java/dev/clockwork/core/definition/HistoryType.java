package dev.clockwork.core.definition;

/** What a history state records when its parent is left, and restores when it is targeted. */
public enum HistoryType {
  /** The parent's active children: each is re-entered by its own initial states. */
  SHALLOW,
  /** The parent's active atomic descendants, at any depth: the whole configuration comes back. */
  DEEP
}
