package dev.clockwork.examples.demo;

import dev.clockwork.runtime.store.HistoryEntry;

/** Short words for history rows in the demo's timeline. */
final class TimelineWords {
  private TimelineWords() {}

  static String of(HistoryEntry.Kind kind) {
    return switch (kind) {
      case CREATED -> "created";
      case EVENT -> "event";
      case UNHANDLED -> "ignored";
      case INTERNAL -> "internal";
      case TIMER_FIRED -> "timer fired";
      case TIMER_SKIPPED -> "overdue fires skipped";
      case TIMER_DROPPED -> "timer dropped";
      case ATTEMPT_FAILED -> "attempt failed";
      case FAILED -> "FAILED";
      case DISCARDED -> "discarded";
      case DONE -> "done";
      case DROPPED -> "dropped";
      case CANCELLED -> "cancelled";
      case CHILD_STARTED -> "child started";
      case ORIGIN -> "started by";
      case TRIMMED -> "older rows removed";
    };
  }
}
