package dev.clockwork.server.callback;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instances;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The body POSTed for an event that reached its outcome: {@code {event_id, instance_id, machine,
 * type, outcome, state?, error?, at}} — {@code state} (the active states after it) when applied,
 * {@code error} (the last attempt's, or the history row's) when dead-lettered or discarded.
 */
final class Outcomes {
  private final Engine engine;
  private final ObjectMapper json;

  Outcomes(Engine engine, ObjectMapper json) {
    this.engine = engine;
    this.json = json;
  }

  /** The event's outcome and the body to POST, or empty while it is still queued. */
  Optional<Settled> of(StoredCallback callback) {
    Instances instances = instancesOf(callback.instanceId());
    String instanceId = NamespacedIds.idOf(callback.instanceId());
    EventStatus status = instances.event(instanceId, callback.eventId());
    if (status.state() == EventStatus.State.PENDING
        || status.state() == EventStatus.State.RETRYING) {
      return Optional.empty();
    }
    String outcome = status.state().name().toLowerCase(Locale.ROOT);
    HistoryEntry row = historyRow(instances, instanceId, status).orElse(null);
    List<AttemptError> errors = status.errors();
    AttemptError last = errors.isEmpty() ? null : errors.get(errors.size() - 1);
    Instant at = row != null ? row.at() : last != null ? last.at() : engine.clock().instant();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("event_id", callback.eventId());
    body.put("instance_id", instanceId);
    body.put("namespace", NamespacedIds.namespaceOf(callback.instanceId()));
    body.put("machine", instances.get(instanceId).machine());
    body.put("type", callback.type());
    body.put("outcome", outcome);
    if (status.state() == EventStatus.State.APPLIED && row != null) {
      body.put("state", row.states());
    }
    String error = last != null ? last.error() : row != null ? row.detail() : null;
    if (status.state() != EventStatus.State.APPLIED && error != null) {
      body.put("error", error);
    }
    body.put("at", at.toString());
    return Optional.of(new Settled(outcome, write(body)));
  }

  private Optional<HistoryEntry> historyRow(
      Instances instances, String instanceId, EventStatus status) {
    if (status.historySequence() <= 0) {
      return Optional.empty();
    }
    // the one row, read by its sequence: an instance's whole history can be long
    return instances
        .history(HistoryQuery.page(instanceId, status.historySequence() - 1, 1))
        .stream()
        .filter(row -> row.sequence() == status.historySequence())
        .findFirst();
  }

  private String write(Map<String, Object> body) {
    try {
      return json.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a callback body could not be written as JSON", e);
    }
  }

  /** An outcome ({@code applied}, {@code dead_lettered}, {@code discarded}) and its body. */
  record Settled(String outcome, String body) {}

  /** The instances of the namespace of the callback's instance: callbacks keep stored ids. */
  private Instances instancesOf(String storedId) {
    return engine.admin().namespaceOfStoredId(storedId).instances();
  }
}
