package dev.clockwork.chaos.producer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the producer was told: every acknowledged enqueue (returned an id without an exception), and
 * how many were not (threw: not acknowledged, so the harness promises nothing about them).
 */
public final class Ledger {
  /** An enqueue that returned: the engine promised to apply it (or dead-letter it). */
  public record Acknowledged(String instanceId, long seq, EventKind kind, long eventId) {}

  private final List<Acknowledged> acknowledged = new ArrayList<>();
  private final AtomicInteger unacknowledged = new AtomicInteger();

  public synchronized void acknowledged(Acknowledged event) {
    acknowledged.add(event);
  }

  public void unacknowledged() {
    unacknowledged.incrementAndGet();
  }

  public synchronized List<Acknowledged> acknowledged() {
    return List.copyOf(acknowledged);
  }

  public int unacknowledgedCount() {
    return unacknowledged.get();
  }

  /** Writes the acknowledged events as CSV, for a look after the run. */
  public synchronized void write(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("instance,seq,kind,event_id");
    for (Acknowledged a : acknowledged) {
      lines.add(a.instanceId() + "," + a.seq() + "," + a.kind() + "," + a.eventId());
    }
    Files.write(file, lines);
  }
}
