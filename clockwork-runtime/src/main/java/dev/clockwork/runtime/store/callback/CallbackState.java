package dev.clockwork.runtime.store.callback;

import java.util.Locale;

/** Where a callback is in its life; stored and shown in lower case ({@code delivered}). */
public enum CallbackState {
  /** Its event has no final outcome yet (or is not known to be queued yet). */
  WAITING,
  /** Its event's outcome is known: a delivery is due (first, or a retry after a failed one). */
  DUE,
  /** An attempt was answered with a 2xx status: done. */
  DELIVERED,
  /** Every attempt failed: done, with the last status or error recorded. */
  FAILED,
  /**
   * Its event could not be queued again after a crash (the server repairs such callbacks at start):
   * never sent.
   */
  ABANDONED;

  /** The stored name: {@code waiting}, {@code due}, ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The state stored as {@code label}. */
  public static CallbackState of(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
