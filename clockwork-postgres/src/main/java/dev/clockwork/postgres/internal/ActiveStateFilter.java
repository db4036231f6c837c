package dev.clockwork.postgres.internal;

/**
 * The SQL that keeps the instances with a state among their active ones: containment of the state
 * path in the array of active paths, the expression the {@code cw_instances_active} GIN index is
 * built on (V26), so the planner uses it. Bind the state path (a string) as its one parameter.
 */
final class ActiveStateFilter {
  static final String CONDITION =
      "jsonb_path_query_array(active, '$[*].path') @> jsonb_build_array(CAST(? AS text))";

  private ActiveStateFilter() {}

  /**
   * A page of the active instances of a machine in a state and namespace (every one when null), in
   * id order: parameters machine, state path, the id to start after, the namespace's (see {@link
   * NamespaceFilter#bind}) and the page size.
   */
  static String machineInState(String namespace) {
    return "SELECT id, conversation_id FROM cw_instances\n WHERE machine = ? AND status = 'ACTIVE'"
        + " AND "
        + CONDITION
        + " AND id > ?"
        + NamespaceFilter.and("id", namespace)
        + "\n ORDER BY id\n LIMIT ?";
  }
}
