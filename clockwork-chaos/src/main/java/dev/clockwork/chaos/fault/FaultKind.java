package dev.clockwork.chaos.fault;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The faults this harness injects, by their command-line names. */
public enum FaultKind {
  /** F1: {@code kill -9} of a random worker; the fleet starts it again. */
  KILL("kill", 3_000, 6_000),
  /** F2: PostgreSQL stopped with {@code pg_ctl -m immediate}, started again after 1–3 s. */
  RESTART_DB("restart-db", 12_000, 20_000),
  /** F3: every worker backend ended with {@code pg_terminate_backend}. */
  TERMINATE("terminate", 4_000, 8_000),
  /**
   * F4: a random worker stopped with {@code kill -STOP} for longer than its lease (the lease plus
   * 1–4 s), then resumed with {@code kill -CONT}: its leases were taken over meanwhile, and what it
   * was doing when it stopped must not overwrite the worker that took over.
   */
  PAUSE("pause", 10_000, 18_000),
  /**
   * F7: a rolling deploy of the chaos machine's version 2, one worker at a time (SIGTERM, started
   * again registering versions 1 and 2, upgrading the instances as it starts), beginning at a
   * seeded point in the first half of the window: old and new releases run side by side meanwhile.
   */
  DEPLOY("deploy", 4_000, 7_000),
  /**
   * F6: one worker (chosen by the seed) runs with its clock {@link #CLOCK_OFFSET} ahead of the
   * others' and the database's, for the whole run. Engines set their clocks by the database's, so
   * it must change nothing (before they did, it fired timers early: see RESULTS.md).
   */
  CLOCK_AHEAD("clock-ahead", 0, 0),
  /** F6: one worker runs with its clock {@link #CLOCK_OFFSET} behind, for the whole run. */
  CLOCK_BEHIND("clock-behind", 0, 0),
  /**
   * F5: one worker (chosen by the seed, for the whole run and its restarts) reaches the database
   * through an in-process TCP proxy ({@code net.TcpProxy}) that, in turn: resets every proxied
   * connection (RST to both ends), or blackholes them — forwards nothing either way, sockets left
   * open — for longer than the lease (the lease plus 1–4 s), then forwards again, or resets them.
   * Each waits up to 2 s for a connection in the middle of a commit (or of any statement) before it
   * strikes. Faults are further apart than the longest blackhole: one at a time.
   */
  NET("net", 10_000, 15_000),
  /**
   * F8: an operator racing the workers through the orchestrator's engine ({@code
   * engine.admin().queues()}): pauses the chaos machine's queue for 1–4 s then resumes it, or
   * purges its dead letters (those older than 0–2 s), in turn. It never purges pending events nor
   * retries dead letters: both would change what the other invariants count. Checked by I12 (no
   * claim while paused) and by the purge accounting of I1/I9 ({@code F8 purged}).
   */
  OPERATOR("operator", 5_000, 9_000),
  /**
   * F9: PostgreSQL refuses every write for {@link #READ_ONLY_FOR} ({@code ALTER SYSTEM SET
   * default_transaction_read_only = on} and a configuration reload: every session's next
   * transaction is read-only, as a managed PostgreSQL makes it when its disk fills up), then
   * accepts them again. Claims, commits, renewals and enqueues fail with SQLState 25006: the
   * workers back off and resume by themselves; the producer's refused enqueues are not
   * acknowledged. It runs alone, not in {@link #all}: while it lasts no operator's pause, deploy or
   * restarted worker could write either, so those faults could not be applied.
   */
  READ_ONLY("read-only", 40_000, 60_000);

  /**
   * The earliest a {@link #READ_ONLY} fault strikes: the worker JVMs have started and are working
   * (on a busy machine they take several seconds to start).
   */
  public static final Duration READ_ONLY_FROM = Duration.ofSeconds(10);

  /**
   * How long after the writes are allowed again (and a lease time) timers may still be late: the
   * workers work off 30 s of due timers and schedule occurrences first (I11 judges the timers due
   * after it; the producer goes on for {@link #READ_ONLY_FOR} after the fault to give it some).
   */
  public static final Duration READ_ONLY_CATCH_UP = Duration.ofSeconds(10);

  /** How long the database refuses writes in a {@link #READ_ONLY} fault. */
  public static final Duration READ_ONLY_FOR = Duration.ofSeconds(30);

  /** How far a clock fault (F6) moves one worker's clock. */
  public static final Duration CLOCK_OFFSET = Duration.ofSeconds(30);

  private final String flag;

  /** The shortest and longest gap between two faults of this kind, in milliseconds. */
  final int minGapMillis;

  final int maxGapMillis;

  FaultKind(String flag, int minGapMillis, int maxGapMillis) {
    this.flag = flag;
    this.minGapMillis = minGapMillis;
    this.maxGapMillis = maxGapMillis;
  }

  public String flag() {
    return flag;
  }

  /** True for F6: a worker's clock off for the whole run rather than a fault that strikes. */
  public boolean isClock() {
    return this == CLOCK_AHEAD || this == CLOCK_BEHIND;
  }

  /** The offset of the skewed worker's clock, for a clock fault; zero otherwise. */
  public Duration clockOffset() {
    return switch (this) {
      case CLOCK_AHEAD -> CLOCK_OFFSET;
      case CLOCK_BEHIND -> CLOCK_OFFSET.negated();
      default -> Duration.ZERO;
    };
  }

  /**
   * Parses a comma-separated list of fault names; {@code none} (or an empty list) for none, {@code
   * all} for every kind.
   *
   * @throws IllegalArgumentException naming the unknown fault and the known ones
   */
  public static Set<FaultKind> parseList(String list) {
    Set<FaultKind> kinds = EnumSet.noneOf(FaultKind.class);
    for (String raw : list.split(",")) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      if (name.isEmpty() || name.equals("none")) {
        continue;
      }
      if (name.equals("all")) {
        kinds.addAll(all());
        continue;
      }
      kinds.add(
          Arrays.stream(values())
              .filter(k -> k.flag.equals(name))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "unknown fault '" + raw.trim() + "'; known: " + names())));
    }
    return kinds;
  }

  /**
   * What {@code all} stands for: every kind that strikes alongside the others; {@link #READ_ONLY}
   * (every write refused) runs alone.
   */
  public static Set<FaultKind> all() {
    return EnumSet.complementOf(EnumSet.of(READ_ONLY));
  }

  /** Every name {@link #parseList} knows. */
  public static String names() {
    return Arrays.stream(values()).map(FaultKind::flag).collect(Collectors.joining(", "))
        + ", all, none";
  }
}
