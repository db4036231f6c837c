package dev.clockwork.bench.report;

/**
 * One target of the issue with what the run measured: a line of the report's summary.
 *
 * @param measure what was measured
 * @param result the figure, with the ratio it is judged by
 * @param required the target
 * @param pass whether the figure meets the target
 */
public record Target(String measure, String result, String required, boolean pass) {
  public String verdict() {
    return pass ? "PASS" : "MISS";
  }
}
