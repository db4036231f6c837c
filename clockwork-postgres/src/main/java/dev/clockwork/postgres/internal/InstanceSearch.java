package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.JsonValuesCodec;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.store.InstanceRecord;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * Finding instances by machine, labels and search attributes ({@code InstanceStore.search}): one
 * statement, in id order, made of the filters the query uses. Labels and search attributes are
 * matched by containment through their GIN indexes ({@code cw_instances_labels}, {@code
 * cw_instances_search_attributes}), which hold only the instances that carry some: each filter says
 * so ({@code labels <> '{}'}) so that the planner may use them.
 */
public final class InstanceSearch {
  private static final String SELECT =
      "SELECT " + InstanceRows.RECORD_COLUMNS + " FROM cw_instances WHERE id > ?";
  private static final String BY_MACHINE = "\n   AND machine = ?";
  private static final String BY_LABELS = "\n   AND labels <> '{}' AND labels @> CAST(? AS jsonb)";
  private static final String BY_SEARCH_ATTRIBUTES =
      "\n   AND search_attributes <> '{}' AND search_attributes @> CAST(? AS jsonb)";
  private static final String BY_STATE = "\n   AND " + ActiveStateFilter.CONDITION;
  private static final String BY_CONVERSATION = "\n   AND conversation_id = ?";
  private static final String PAGE = "\n ORDER BY id\n LIMIT ?";

  private final Jdbc jdbc;

  public InstanceSearch(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** The statement for a query that filters by machine, labels, search attributes, or not. */
  static String sql(boolean machine, boolean labels, boolean searchAttributes) {
    return sql(machine, labels, searchAttributes, false, false);
  }

  /** The statement for a query that filters by state and conversation too, in every namespace. */
  static String sql(
      boolean machine,
      boolean labels,
      boolean searchAttributes,
      boolean state,
      boolean conversation) {
    return sql(machine, labels, searchAttributes, state, conversation, null);
  }

  /**
   * The statement for a query that also filters by an active state (through the GIN index on the
   * active states, {@code cw_instances_active}) and by conversation ({@code
   * cw_instances_conversation}), or not, and keeps the instances of {@code namespace} (every one
   * when null; see {@link NamespaceFilter}).
   */
  static String sql(
      boolean machine,
      boolean labels,
      boolean searchAttributes,
      boolean state,
      boolean conversation,
      String namespace) {
    return SELECT
        + (machine ? BY_MACHINE : "")
        + (labels ? BY_LABELS : "")
        + (searchAttributes ? BY_SEARCH_ATTRIBUTES : "")
        + (state ? BY_STATE : "")
        + (conversation ? BY_CONVERSATION : "")
        + NamespaceFilter.and("id", namespace)
        + PAGE;
  }

  public List<InstanceRecord> instances(InstanceQuery query) {
    boolean byMachine = query.machine() != null;
    boolean byLabels = !query.labels().isEmpty();
    boolean byAttributes = !query.searchAttributes().isEmpty();
    return jdbc.autoCommit(
        "find instances",
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  sql(
                      byMachine,
                      byLabels,
                      byAttributes,
                      query.state() != null,
                      query.conversationId() != null,
                      query.namespace()))) {
            int i = 0;
            select.setString(++i, query.afterId() == null ? "" : query.afterId());
            if (byMachine) {
              select.setString(++i, query.machine());
            }
            if (byLabels) {
              select.setString(++i, JsonValuesCodec.write(query.labels()));
            }
            if (byAttributes) {
              select.setString(++i, JsonValuesCodec.write(query.searchAttributes()));
            }
            if (query.state() != null) {
              select.setString(++i, query.state());
            }
            if (query.conversationId() != null) {
              select.setString(++i, query.conversationId());
            }
            i = NamespaceFilter.bind(select, i, query.namespace());
            select.setInt(++i, query.limit());
            List<InstanceRecord> records = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                records.add(InstanceRows.record(rs));
              }
            }
            return records;
          }
        });
  }
}
