package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchDatabase;

/** What a drained copy must hold, read from its tables: "OK: …" or "WRONG: …". */
final class Checks {
  private Checks() {}

  /**
   * Every instance whose id starts with {@code prefix} applied STEP 1…{@code perInstance} in order
   * (its context says so), no event is left in any queue, and the dead letters are the {@code
   * poisoned} POISON events of instances outside the prefix, each on its first attempt.
   */
  static String drained(
      BenchDatabase database, String prefix, long instances, int perInstance, long poisoned) {
    long inOrder =
        database.queryLong(
            """
            SELECT count(*) FROM cw_instances
             WHERE id LIKE ? AND (context->>'seen')::int = ? AND context->'disorder' IS NULL
            """,
            prefix + "%",
            perInstance);
    long left = database.queryLong("SELECT count(*) FROM cw_queue");
    long dead = database.queryLong("SELECT count(*) FROM cw_dead_letters");
    long deadAsExpected =
        database.queryLong(
            "SELECT count(*) FROM cw_dead_letters WHERE instance_id NOT LIKE ? AND attempts = 1",
            prefix + "%");
    boolean ok = inOrder == instances && left == 0 && dead == poisoned && deadAsExpected == dead;
    return String.format(
        "%s: %,d of %,d %s* instances applied STEP 1..%d in order, %,d events left, %,d dead"
            + " letters (%,d expected, %,d of them poisoned instances' on their first attempt)",
        ok ? "OK" : "WRONG",
        inOrder,
        instances,
        prefix,
        perInstance,
        left,
        dead,
        poisoned,
        deadAsExpected);
  }
}
