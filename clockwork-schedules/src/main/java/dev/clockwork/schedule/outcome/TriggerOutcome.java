package dev.clockwork.schedule.outcome;

import java.util.Locale;

/** What became of one occurrence of a schedule. */
public enum TriggerOutcome {
  /** A new instance was started. */
  STARTED,
  /** A buffered occurrence was started, with its original occurrence time. */
  DRAINED,
  /** The occurrence's instance existed already (another node, or an earlier attempt). */
  ALREADY_STARTED,
  /**
   * The run's id was taken by an instance the schedule did not start: nothing was started, and the
   * occurrence is recorded as skipped ({@code run_id_taken}).
   */
  RUN_ID_TAKEN,
  /** The event of a send-event action was enqueued. */
  SENT,
  /** The occurrence went into the buffer. */
  BUFFERED,
  /** The occurrence did not run; see the reason. */
  SKIPPED,
  /** Evaluating the schedule failed; it is tried again once its claim expires. */
  FAILED;

  /** {@code started}, {@code already_started}, … */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
