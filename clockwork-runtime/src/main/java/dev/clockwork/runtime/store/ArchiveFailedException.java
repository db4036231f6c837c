package dev.clockwork.runtime.store;

import dev.clockwork.core.ClockworkException;
import java.io.IOException;

/**
 * The archiver could not say a batch of finished instances was stored: the batch was not deleted,
 * and the next retention pass offers it again.
 */
public final class ArchiveFailedException extends ClockworkException {
  public ArchiveFailedException(int instances, IOException cause) {
    super(
        "the archive refused a batch of "
            + instances
            + " finished instances ("
            + cause.getMessage()
            + "); none of them was deleted, and the next retention pass tries again",
        cause);
  }
}
