package dev.clockwork.bench.durable;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The Clockwork drains in detail, and where their database time went. */
final class ThroughputDetails {
  private ThroughputDetails() {}

  static String render(
      List<ClockworkThroughput.Result> clockwork,
      List<DbSchedulerThroughput.Result> dbScheduler,
      ClockworkThroughput.Seed seed,
      DurableSettings settings) {
    Markdown table =
        new Markdown(
            ">workers",
            "flushed",
            ">start()",
            ">drain",
            ">claims × mean",
            ">instances/claim",
            ">commits × mean",
            ">instances/commit",
            ">store share",
            ">count(*) polls",
            "check");
    for (ClockworkThroughput.Result r : clockwork) {
      double storeSeconds = r.claims().seconds() + r.commits().seconds();
      double workerSeconds = r.workers() * (r.drainSeconds() - r.startSeconds());
      table.row(
          String.valueOf(r.workers()),
          r.flushed() ? "yes" : "no",
          Figures.seconds(r.startSeconds()),
          Figures.seconds(r.drainSeconds()),
          r.claims().calls() + " × " + Figures.millis(r.claims().meanMillis() * 1e6),
          String.format(Locale.ROOT, "%.1f", r.claims().itemsPerCall()),
          r.commits().calls() + " × " + Figures.millis(r.commits().meanMillis() * 1e6),
          String.format(Locale.ROOT, "%.1f", r.commits().itemsPerCall()),
          String.format(Locale.ROOT, "%.0f%%", 100 * storeSeconds / workerSeconds),
          String.valueOf(r.pendingCounts().calls()),
          r.correct() ? "OK" : "WRONG");
    }
    StringBuilder out =
        new StringBuilder(
            "Clockwork drains in detail (start(): part of the drain spent in Engine.start() before the"
                + " workers ran; store share: time the worker threads spent in claim and commit calls ÷"
                + " their time after start();\ncount(*) polls: Store.pendingEvents() calls, made by the"
                + " sweep's backpressure check)\n\n");
    out.append(table.render()).append('\n');
    if (seed != null) {
      out.append(
          String.format(
              Locale.ROOT,
              "set-up through the engine from %d threads, commits not waiting for their flush:"
                  + " Engine.create %s, Engine.enqueue %s%n",
              settings.setupThreads,
              Figures.rate(seed.createPerSecond()),
              Figures.rate(seed.enqueuePerSecond())));
    }
    for (ClockworkThroughput.Result r : clockwork) {
      out.append(r.workers())
          .append(" worker(s)")
          .append(r.flushed() ? "" : ", not flushed")
          .append(": ")
          .append(r.verification())
          .append('\n');
    }
    clockwork.stream()
        .filter(ClockworkThroughput.Result::flushed)
        .max(Comparator.comparingDouble(ClockworkThroughput.Result::eventsPerSecond))
        .ifPresent(
            r ->
                out.append("\nWhere the database time went, Clockwork ")
                    .append(r.workers())
                    .append(
                        " workers (pg_stat_statements and pg_stat_user_tables over the drain;"
                            + " per event)\n\n")
                    .append(r.statements().table(r.events(), 12))
                    .append('\n')
                    .append(r.tables().table(r.events()))
                    .append(
                        "\nGeneric plans of the costliest statements (as the server plans them at"
                            + " the end)\n\n")
                    .append(r.statements().plans()));
    dbScheduler.stream()
        .filter(DbSchedulerThroughput.Result::flushed)
        .max(Comparator.comparingDouble(DbSchedulerThroughput.Result::perSecond))
        .ifPresent(
            r ->
                out.append("\nThe same for db-scheduler, ")
                    .append(r.config().name())
                    .append(" (per execution)\n\n")
                    .append(r.sql().table(r.tasks(), 6)));
    return out.toString();
  }
}
