package dev.clockwork.postgres.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.BroadcastRequest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The broadcast outbox ({@code cw_broadcasts}): commits write the broadcasts their steps asked for;
 * delivery enqueues one event per active instance of the machine in the state and in the sender's
 * namespace (the namespace of its stored id), a page of targets per transaction — the page's events
 * and the broadcast's cursor (the last target reached, targets in id order) written together — and
 * deletes the broadcast after its last page. Concurrent deliverers take different broadcasts
 * ({@code SKIP LOCKED}); a crash between pages resumes at the cursor, so no target gets the event
 * twice and none is missed.
 */
public final class Broadcasts {
  private static final String RECORD =
      """
      INSERT INTO cw_broadcasts (machine, state, event, priority, sender, created_at)
      SELECT u.machine, u.state, CAST(u.event AS jsonb), u.priority, u.sender,
             CAST(u.created_at AS timestamptz)
        FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS smallint[]), CAST(? AS text[]), CAST(? AS text[]))
             AS u(machine, state, event, priority, sender, created_at)
      """;

  private static final String OLDEST =
      """
      SELECT id, machine, state, event, priority, sender, after_id
        FROM cw_broadcasts
       ORDER BY id
       LIMIT 1
         FOR UPDATE SKIP LOCKED
      """;

  private static final String ADVANCE = "UPDATE cw_broadcasts SET after_id = ? WHERE id = ?";

  private static final String DELIVERED = "DELETE FROM cw_broadcasts WHERE id = ?";

  private final Jdbc jdbc;

  public Broadcasts(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** A broadcast to record, and when its commit asked for it. */
  record Requested(BroadcastRequest request, Instant at) {}

  /**
   * Writes broadcasts to the outbox with the pipeline's transaction (a commit's), one statement.
   */
  static void record(Pipeline pipeline, List<Requested> broadcasts) {
    if (broadcasts.isEmpty()) {
      return;
    }
    pipeline.add(
        RECORD,
        (connection, insert, i) -> {
          insert.setArray(++i, Columns.text(connection, broadcasts, b -> b.request().machine()));
          insert.setArray(++i, Columns.text(connection, broadcasts, b -> b.request().state()));
          insert.setArray(
              ++i,
              Columns.text(connection, broadcasts, b -> EventJson.writeEvent(b.request().event())));
          insert.setArray(
              ++i, Columns.int4(connection, broadcasts, b -> b.request().priority().level()));
          insert.setArray(++i, Columns.text(connection, broadcasts, b -> b.request().sender()));
          insert.setArray(
              ++i, Columns.text(connection, broadcasts, b -> Instants.textNotAfter(b.at())));
          return i;
        });
  }

  /** Delivers every broadcast in the outbox; returns how many events were queued. */
  public int deliver(Instant now, int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("pageSize must be 1 or more, not " + pageSize);
    }
    int queued = 0;
    Integer page;
    while ((page = jdbc.inTransaction("deliver a broadcast", c -> page(c, now, pageSize)))
        != null) {
      queued += page;
    }
    return queued;
  }

  /** One page of the oldest broadcast no one else delivers; null when there is none. */
  private static Integer page(Connection connection, Instant now, int pageSize)
      throws SQLException {
    long id;
    String machine;
    String state;
    Event event;
    Priority priority;
    String afterId;
    String namespace;
    try (PreparedStatement select = connection.prepareStatement(OLDEST);
        ResultSet rs = select.executeQuery()) {
      if (!rs.next()) {
        return null;
      }
      id = rs.getLong("id");
      machine = rs.getString("machine");
      state = rs.getString("state");
      event = EventJson.readEvent(rs.getString("event"));
      priority = Priority.ofLevel(rs.getInt("priority"));
      afterId = rs.getString("after_id");
      namespace = BroadcastRequest.namespaceOf(rs.getString("sender"));
    }
    List<QueuedEvent> events = new ArrayList<>();
    String targets = ActiveStateFilter.machineInState(namespace);
    try (PreparedStatement select = connection.prepareStatement(targets)) {
      select.setString(1, machine);
      select.setString(2, state);
      select.setString(3, afterId);
      int i = NamespaceFilter.bind(select, 3, namespace);
      select.setInt(++i, pageSize);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          events.add(
              QueuedEvent.of(rs.getString("id"), machine, event, "broadcast", now)
                  .withPriority(priority)
                  .withConversationId(rs.getString("conversation_id")));
        }
      }
    }
    int queued = Enqueues.enqueueAll(connection, events, true, List.of(), true).size();
    boolean last = events.size() < pageSize;
    try (PreparedStatement update = connection.prepareStatement(last ? DELIVERED : ADVANCE)) {
      int i = 0;
      if (!last) {
        update.setString(++i, events.get(events.size() - 1).instanceId());
      }
      update.setLong(++i, id);
      update.executeUpdate();
    }
    return queued;
  }
}
