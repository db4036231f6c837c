package dev.clockwork.chaos.broken;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The promises a {@link BrokenStore} can break, by their command-line names. */
public enum Breakage {
  /** Nothing broken: the workers use the PostgreSQL store as it is. */
  NONE("none"),
  /**
   * Every {@value BrokenStore#DUPLICATE_EVERY}th commit that applied a STEP event leaves that event
   * in the queue (drops it from the commit's consumed rows), so it is applied again: breaks I2.
   */
  DUPLICATE_COMMIT("duplicate-commit"),
  /**
   * A commit refused because its lease was taken over (or its revision is stale) is forced through:
   * the instance is leased again whatever lease holds it, the revision and history sequence are put
   * on top of the stored ones, and the commit is written again — last writer wins, as a store
   * without lease fencing would do. Renewals of a lost lease say it is still held. Breaks I1/I2
   * when a worker resumes after its lease was taken over (F4, pause).
   */
  SKIP_LEASE_CHECK("skip-lease-check"),
  /**
   * A queue pause is acknowledged but not kept: {@code pause} returns without storing it, so the
   * workers go on claiming the paused machine's instances. Breaks I12 under {@code --faults
   * operator}. It breaks the store the operator pauses through (the orchestrator's), not the
   * workers': the claims that should skip a paused machine are the real store's own SQL, which a
   * wrapper on the public SPI cannot change, but it can lose the pause they would read.
   */
  IGNORE_PAUSE("ignore-pause");

  private final String flag;

  Breakage(String flag) {
    this.flag = flag;
  }

  public String flag() {
    return flag;
  }

  /**
   * True when the operator's store breaks the promise rather than the workers' ({@link
   * #IGNORE_PAUSE}).
   */
  public boolean inOperatorsStore() {
    return this == IGNORE_PAUSE;
  }

  /**
   * @throws IllegalArgumentException naming the known breakages
   */
  public static Breakage parse(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(b -> b.flag.equals(wanted))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown breakage '" + name.trim() + "'; known: " + names()));
  }

  public static String names() {
    return Arrays.stream(values()).map(Breakage::flag).collect(Collectors.joining(", "));
  }
}
