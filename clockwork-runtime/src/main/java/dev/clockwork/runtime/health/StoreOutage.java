package dev.clockwork.runtime.health;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The store has been failing this engine's workers since {@code since}: no claim, commit or lease
 * renewal has succeeded since then. It ends with the first that succeeds.
 *
 * @param reason the latest failure's cause in words, e.g. {@code the database is read-only}
 * @param code the database's code for it (PostgreSQL's SQLState, e.g. {@code 25006}), or null
 * @param since when the first failure of the outage happened
 * @param last when the latest failure happened
 * @param failures how many store calls failed since {@code since}
 * @param lastCall what the latest failed call was doing, e.g. {@code claim work}
 * @param retryEvery how long the workers wait before they try again
 */
public record StoreOutage(
    String reason,
    String code,
    Instant since,
    Instant last,
    long failures,
    String lastCall,
    Duration retryEvery) {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

  /** The cause with its code: {@code the database is read-only (25006)}. */
  public String cause() {
    return code == null ? reason : reason + " (" + code + ")";
  }

  /**
   * One sentence for health reports and logs: {@code the database is read-only (25006) since
   * 10:14:03 UTC: 12 store calls failed, the last at 10:14:31 UTC (claim work); workers back off
   * and try again every 1 s}.
   */
  public String describe() {
    return cause()
        + " since "
        + TIME.format(since)
        + " UTC: "
        + failures
        + (failures == 1 ? " store call" : " store calls")
        + " failed, the last at "
        + TIME.format(last)
        + " UTC ("
        + lastCall
        + "); workers back off and try again every "
        + words(retryEvery);
  }

  private static String words(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }
}
