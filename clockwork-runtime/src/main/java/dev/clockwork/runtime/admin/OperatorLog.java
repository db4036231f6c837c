package dev.clockwork.runtime.admin;

import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The durable operator audit: records who did what to which queue, dead letter, schedule or
 * instance, and reads it back newest first, a page at a time. Every surface records here — the HTTP
 * API for each operator request, a Java caller for its own actions:
 *
 * <pre>{@code
 * engine.admin().queues().retry(42, Duration.ZERO);
 * engine.admin().operatorLog().record(Operator.named("nightly-job"), "dead_letter.retry",
 *     "dead_letter:42", Map.of("delay", "PT0S"));
 * List<OperatorAction> latest = engine.admin().operatorLog().latest(null, 50);
 * }</pre>
 */
public final class OperatorLog {
  /** The most a page may hold. */
  public static final int MAX_PAGE = 1000;

  private final Store store;
  private final Clock clock;
  private final String namespace;

  /** The audit of every namespace; what it records is on every namespace. */
  public OperatorLog(Store store, Clock clock) {
    this(store, clock, null);
  }

  /**
   * The audit of {@code namespace}: what it records is on that namespace, and it lists that
   * namespace's actions only (every one's when null).
   */
  public OperatorLog(Store store, Clock clock, String namespace) {
    this.store = store;
    this.clock = clock;
    this.namespace = namespace;
  }

  /** Records an action taken now by {@code operator}; returns it as stored (with its id). */
  public OperatorAction record(
      Operator operator, String action, String target, Map<String, Object> details) {
    return store
        .operatorLog()
        .append(
            new OperatorAction(
                0,
                clock.instant(),
                operator.principal(),
                operator.requestId(),
                operator.source(),
                action,
                target,
                details,
                namespace));
  }

  /**
   * Up to {@code limit} (1 to {@value #MAX_PAGE}) actions, newest first, recorded before the one
   * with id {@code beforeId} (from the newest when null): pass the last id of a page to get the
   * next.
   */
  public List<OperatorAction> latest(Long beforeId, int limit) {
    if (limit < 1 || limit > MAX_PAGE) {
      throw new IllegalArgumentException(
          "limit " + limit + " is out of range: ask for 1 to " + MAX_PAGE + " actions");
    }
    return store.operatorLog().list(namespace, beforeId == null ? Long.MAX_VALUE : beforeId, limit);
  }
}
