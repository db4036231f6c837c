package dev.clockwork.bench.soak;

/**
 * One minute of the soak: what the engine did in it and what the database and the JVM held at its
 * end.
 *
 * @param events events applied (STEPs and timer fires)
 * @param seconds the minute's length in seconds ({@code --minute-seconds})
 * @param latencyP50Nanos enqueue → committed, p50, of the STEPs committed in the minute
 * @param latencyP99Nanos the same, p99
 * @param latenessP99Nanos timer fires' due → committed, p99
 * @param tableBytes bytes of every {@code cw_} table with its indexes and TOAST
 * @param deadTuples dead rows in the {@code cw_} tables
 * @param heapAfterGc JVM heap used right after a full collection
 * @param unjoined STEPs the benchmark itself still holds: enqueued and not yet reported back (or
 *     reported and the enqueue's id not yet back) — the benchmark's own share of the heap
 * @param connections connections to the database
 * @param instancesRemoved instance rows deleted in the minute (retention's purge)
 * @param historyRemoved history rows deleted in the minute (with their instance, or trimmed)
 * @param checkpoints checkpoints the database ran in the minute
 * @param autovacuums autovacuums of the {@code cw_} tables in the minute
 */
record SoakMinute(
    int minute,
    long events,
    double seconds,
    double latencyP50Nanos,
    double latencyP99Nanos,
    double latenessP99Nanos,
    long tableBytes,
    long deadTuples,
    long heapAfterGc,
    long unjoined,
    long connections,
    long instancesRemoved,
    long historyRemoved,
    long checkpoints,
    long autovacuums) {

  double eventsPerSecond() {
    return events / seconds;
  }
}
