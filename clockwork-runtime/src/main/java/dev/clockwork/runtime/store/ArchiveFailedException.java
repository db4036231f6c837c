package dev.clockwork.runtime.store;

import dev.clockwork.core.ClockworkException;
import java.io.IOException;

/**
 * The archiver could not say a batch (finished instances, or trimmed history) was stored: the batch
 * was not deleted, and the next retention pass offers it again.
 */
public final class ArchiveFailedException extends ClockworkException {
  public ArchiveFailedException(int instances, IOException cause) {
    super(
        "the archive refused a batch of "
            + instances
            + " instances ("
            + cause.getMessage()
            + "); nothing of it was deleted, and the next retention pass tries again",
        cause);
  }
}
