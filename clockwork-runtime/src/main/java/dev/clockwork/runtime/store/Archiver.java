package dev.clockwork.runtime.store;

import java.io.IOException;
import java.util.List;

/**
 * Where finished instances and trimmed history go before retention deletes them (SPI): a directory
 * of JSON Lines files ({@code dev.clockwork.runtime.archive.JsonLinesArchiver}, what {@code
 * retention.archive} sets), or a user's own sink — object storage, Kafka, a warehouse.
 *
 * <p>Retention deletes a batch only after {@link #archive} returned normally, so an archiver must
 * return only once the batch is durable in its sink, and throw when it cannot say so: the batch is
 * then kept and offered again on the next pass. A crash between the archive and the delete offers
 * the batch again, so a sink sees an instance twice, never zero times; {@link
 * ArchivedInstance#instance()}'s id and revision tell the copies apart.
 */
public interface Archiver {

  /**
   * Stores every instance of {@code batch} durably.
   *
   * @throws IOException when the batch is not known to be stored: nothing of it is deleted
   */
  void archive(List<ArchivedInstance> batch) throws IOException;

  /**
   * Hands {@code batch} to {@code archiver} for a store about to delete it: the one way the stores
   * call an archiver, so a refusal always reads the same.
   *
   * @throws ArchiveFailedException when the archiver threw: the caller deletes nothing of the batch
   */
  static void archiveBeforeDelete(Archiver archiver, List<ArchivedInstance> batch) {
    try {
      archiver.archive(batch);
    } catch (IOException e) {
      throw new ArchiveFailedException(batch.size(), e);
    }
  }
}
