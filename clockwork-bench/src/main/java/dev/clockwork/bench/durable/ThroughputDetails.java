package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.cli.output.Table;
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
      DurableCommand settings) {
    Table table =
        new Table(
            "configuration",
            "flushed",
            ">start()",
            ">drain",
            ">claims × mean",
            ">instances/claim",
            ">empty claims",
            ">commits × mean",
            ">turns/commit",
            ">leases lost",
            ">CPU",
            "check");
    for (ClockworkThroughput.Result r : clockwork) {
      EngineProbe p = r.probe();
      table.row(
          r.config().describe(),
          r.flushed() ? "yes" : "no",
          Figures.preciseSeconds(r.startSeconds()),
          Figures.preciseSeconds(r.drainSeconds()),
          p.claims().brief(),
          String.format(Locale.ROOT, "%.1f", p.claims().itemsPerCall()),
          Figures.count(p.emptyClaims().calls()),
          p.commits().brief(),
          String.format(Locale.ROOT, "%.1f", p.commits().itemsPerCall()),
          Figures.count(p.leasesLost()),
          r.cpu().brief(),
          r.correct() ? "OK" : "WRONG");
    }
    StringBuilder out =
        new StringBuilder(
            "Clockwork drains in detail, as the engines' listeners heard them (start(): part of the"
                + " drain spent in the Engine.start() calls; a claim leases at most as many"
                + " instances as its engine has free threads; a turn runs one instance's events;"
                + " turns that finish together share a commit; "
                + CpuMeter.NOTE
                + ")\n\n");
    out.append(table.markdown()).append('\n');
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
      out.append(r.config().describe())
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
                    .append(r.config().describe())
                    .append(
                        " (pg_stat_statements and pg_stat_user_tables over the drain; per event)\n\n")
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
