package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.Subscription;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every listener of an engine as one: each is called in turn, and what one throws is logged. Those
 * given to the builder listen for the engine's life; {@link #add} joins one later (a server's live
 * view) until it is closed.
 */
public final class Listeners implements EngineListener {
  private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);

  private final List<EngineListener> all;

  public Listeners(List<EngineListener> listeners) {
    this.all = new CopyOnWriteArrayList<>(listeners);
  }

  /** Adds {@code listener} until the returned handle is closed. */
  public Subscription add(EngineListener listener) {
    all.add(listener);
    return () -> all.remove(listener);
  }

  @Override
  public void eventEnqueued(String namespace, String instanceId, String machine) {
    each(l -> l.eventEnqueued(namespace, instanceId, machine));
  }

  @Override
  public Map<String, String> enqueuing(
      String namespace, String instanceId, String machine, Event event) {
    Map<String, String> headers = new LinkedHashMap<>();
    each(l -> headers.putAll(l.enqueuing(namespace, instanceId, machine, event)));
    return headers;
  }

  @Override
  public void instanceCreated(
      String namespace, String instanceId, String machine, Event origin, Instant at) {
    each(l -> l.instanceCreated(namespace, instanceId, machine, origin, at));
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    each(l -> l.eventProcessed(event));
  }

  @Override
  public void committed(int turns, Duration took) {
    each(l -> l.committed(turns, took));
  }

  @Override
  public void claimed(int asked, int claimed, Duration took) {
    each(l -> l.claimed(asked, claimed, took));
  }

  @Override
  public void leaseLost(String namespace, String instanceId, String machine) {
    each(l -> l.leaseLost(namespace, instanceId, machine));
  }

  @Override
  public void backpressure(boolean over, long threshold) {
    each(l -> l.backpressure(over, threshold));
  }

  @Override
  public void retentionPassed(RemovedRows removed, Duration took) {
    each(l -> l.retentionPassed(removed, took));
  }

  @Override
  public void retentionBacklog(String machine, RetentionBacklog backlog, Instant now) {
    each(l -> l.retentionBacklog(machine, backlog, now));
  }

  private void each(Consumer<EngineListener> call) {
    for (EngineListener listener : all) {
      try {
        call.accept(listener);
      } catch (RuntimeException e) {
        LOG.warn("listener {} failed; ignored", listener.getClass().getName(), e);
      }
    }
  }
}
