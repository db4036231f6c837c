package dev.clockwork.server.api.retention;

import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hears this node's retention passes: the rows removed since the server started and by the last
 * pass, and, per machine with retention of its own and for every other machine ({@code *}), what
 * the last pass left to do. Passes run on one node at a time, so a node that did not run one
 * recently reports an older picture (or none).
 */
final class RetentionProgress implements EngineListener {
  /** The last report of one scope. */
  record Scope(RetentionBacklog backlog, Instant at) {}

  private final Map<String, Scope> scopes = new ConcurrentHashMap<>();
  private volatile RemovedRows removedSinceStart = RemovedRows.NONE;
  private volatile RemovedRows lastPassRemoved;
  private volatile Duration lastPassTook;

  @Override
  public synchronized void retentionPassed(RemovedRows removed, Duration took) {
    removedSinceStart = removedSinceStart.plus(removed);
    lastPassRemoved = removed;
    lastPassTook = took;
  }

  @Override
  public void retentionBacklog(String machine, RetentionBacklog backlog, Instant now) {
    scopes.put(machine, new Scope(backlog, now));
  }

  Map<String, Scope> scopes() {
    return Map.copyOf(scopes);
  }

  RemovedRows removedSinceStart() {
    return removedSinceStart;
  }

  /** What the last pass removed; null before the first. */
  RemovedRows lastPassRemoved() {
    return lastPassRemoved;
  }

  /** How long the last pass took; null before the first. */
  Duration lastPassTook() {
    return lastPassTook;
  }
}
