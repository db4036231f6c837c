package dev.clockwork.server.stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.Subscription;
import io.javalin.http.sse.SseClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connected stream clients and what they are told: listens to the engine while at least one
 * client is connected, and on each coalesced change sends every client a {@code queues} event (the
 * {@code /api/queues} array) and an {@code instance} event {@code {id}} per instance that changed
 * (at most {@link #MAX_INSTANCES_PER_PUSH}; a page showing another one refreshes on its own).
 * Changes no listener hears of (a pause, a dead letter retried, another node's work) are picked up
 * by a refresh every {@link #REFRESH}, which sends the queues only when they differ. Each client is
 * held with what keeps it authorised (its dashboard session still open): one whose session was
 * closed or expired is disconnected at the next push or refresh, or at once by {@link #closeEnded}.
 */
final class LiveStream implements EngineListener {
  static final int MAX_INSTANCES_PER_PUSH = 200;
  static final Duration REFRESH = Duration.ofSeconds(5);
  private static final Logger LOG = LoggerFactory.getLogger(LiveStream.class);

  private final Engine engine;
  private final Supplier<?> queues;
  private final ObjectMapper json;
  private final Coalescer coalescer;
  private final Coalescer.Scheduler scheduler;
  private final Map<SseClient, Watcher> clients = new ConcurrentHashMap<>();
  private final Set<String> changed = ConcurrentHashMap.newKeySet();
  private Subscription subscription;
  private long generation;
  private volatile String lastQueues;
  private volatile boolean closed;

  LiveStream(
      Engine engine,
      Supplier<?> queues,
      ObjectMapper json,
      Duration interval,
      Coalescer.Scheduler scheduler) {
    this.engine = engine;
    this.queues = queues;
    this.json = json;
    this.scheduler = scheduler;
    this.coalescer = new Coalescer(interval, System::nanoTime, scheduler, this::push);
  }

  /**
   * What one client may see: while {@code authorised} holds, the instances of {@code namespace}
   * that changed, and the queues' figures when it holds every namespace ({@code queues}).
   */
  record Watcher(BooleanSupplier authorised, String namespace, boolean queues) {}

  /**
   * A client connected: it gets the queues at once (when it may see them), then every change it may
   * see while it stays authorised.
   */
  void connect(SseClient client, Watcher watcher) {
    if (closed) {
      client.close();
      return;
    }
    synchronized (this) {
      if (clients.isEmpty()) {
        subscription = engine.listen(this);
        long current = ++generation;
        scheduler.schedule(() -> refresh(current), REFRESH);
      }
      clients.put(client, watcher);
    }
    client.onClose(() -> disconnect(client));
    if (watcher.queues()) {
      send(client, "queues", serialize(queues.get()));
    }
  }

  private void refresh(long started) {
    synchronized (this) {
      if (started != generation || clients.isEmpty()) {
        return;
      }
    }
    closeEnded();
    coalescer.notifyChanged();
    scheduler.schedule(() -> refresh(started), REFRESH);
  }

  /** Disconnects and closes every client, and stops listening: the server is stopping. */
  void closeAll() {
    closed = true;
    clients
        .keySet()
        .forEach(
            client -> {
              disconnect(client);
              client.close();
            });
  }

  /** How many clients are connected. */
  int clientCount() {
    return clients.size();
  }

  /** Disconnects every client whose authorisation ended (a session closed or expired). */
  void closeEnded() {
    clients.forEach(
        (client, watcher) -> {
          if (!watcher.authorised().getAsBoolean()) {
            disconnect(client);
            client.close();
          }
        });
  }

  private synchronized void disconnect(SseClient client) {
    clients.remove(client);
    if (clients.isEmpty() && subscription != null) {
      subscription.close();
      subscription = null;
    }
  }

  @Override
  public void eventEnqueued(String namespace, String instanceId, String machine) {
    if (closed) {
      return;
    }
    changed.add(NamespacedIds.stored(namespace, instanceId));
    coalescer.notifyChanged();
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    if (closed) {
      return;
    }
    changed.add(NamespacedIds.stored(event.namespace(), event.instanceId()));
    coalescer.notifyChanged();
  }

  private void push() {
    try {
      pushNow();
    } catch (RuntimeException | Error e) {
      LOG.warn("the stream's push failed", e);
    }
  }

  private void pushNow() {
    closeEnded();
    if (clients.isEmpty()) {
      changed.clear();
      return;
    }
    List<String> ids = new ArrayList<>();
    for (String id : changed) {
      if (ids.size() == MAX_INSTANCES_PER_PUSH) {
        break;
      }
      ids.add(id);
    }
    ids.forEach(changed::remove);
    String queueArray = serialize(queues.get());
    boolean queuesChanged = !queueArray.equals(lastQueues);
    lastQueues = queueArray;
    for (Map.Entry<SseClient, Watcher> entry : clients.entrySet()) {
      SseClient client = entry.getKey();
      Watcher watcher = entry.getValue();
      if (queuesChanged && watcher.queues()) {
        send(client, "queues", queueArray);
      }
      for (String id : ids) {
        if (NamespacedIds.namespaceOf(id).equals(watcher.namespace())) {
          send(client, "instance", serialize(Map.of("id", NamespacedIds.idOf(id))));
        }
      }
    }
  }

  private void send(SseClient client, String event, String data) {
    if (client.terminated()) {
      disconnect(client);
      return;
    }
    try {
      client.sendEvent(event, data);
    } catch (RuntimeException e) {
      LOG.debug("stream client gone: {}", e.toString());
      disconnect(client);
    }
    if (client.terminated()) {
      // a failed write closes the client without throwing: never write to it again
      disconnect(client);
    }
  }

  private String serialize(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the stream's JSON", e);
    }
  }
}
