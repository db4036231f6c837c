package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.EngineProbe;
import dev.clockwork.bench.harness.Samples;
import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report's timer sections: timers at scale and timer lateness, with their targets. */
final class TimerTables {
  /** p99 lateness of a timer fire, due instant → committed. */
  static final double LATENESS_TARGET_NANOS = 100e6;

  /** The claim's cost per leased instance at the large armed count ÷ the small (issue 3). */
  static final double CLAIM_GROWTH_TARGET = 2;

  /** Issue 23: the due timers fired per second when they all fall due at once. */
  static final double DRAIN_TARGET = 5_000;

  private TimerTables() {}

  static Section timers(List<TimersAtScale.Result> timers) {
    Table table =
        new Table(
            ">armed",
            ">due",
            ">seed",
            ">fire all due",
            ">fires/s",
            ">claims × mean",
            ">instances/claim",
            ">claim query ms/instance",
            ">blocks hit/read per instance",
            ">commits × mean",
            ">CPU",
            "check");
    for (TimersAtScale.Result r : timers) {
      EngineProbe p = r.probe();
      table.row(
          Figures.count(r.armed()),
          Figures.count(r.due()),
          Figures.seconds(r.seedSeconds()),
          Figures.preciseSeconds(r.fireSeconds()),
          Figures.rate(r.firesPerSecond()),
          p.claims().brief(),
          String.format(Locale.ROOT, "%.1f", p.claims().itemsPerCall()),
          String.format(Locale.ROOT, "%.3f", r.claimMillisPerInstance()),
          r.claimBlocksPerInstance(),
          p.commits().brief(),
          r.cpu().brief(),
          r.correct() ? "OK" : "WRONG");
    }
    StringBuilder out =
        new StringBuilder(
            "Timers at scale: "
                + timers.get(0).config().describe()
                + " fires the due timers among those armed (the clock runs from start() until the last fire's commit is reported);"
                + " claim query = the claim's statement (due instances … SKIP LOCKED, leases inserted) as"
                + " pg_stat_statements saw it over the firing, execution time and buffers per"
                + " instance it leased; "
                + CpuMeter.NOTE
                + "\n\n");
    out.append(table.markdown()).append('\n');
    List<Target> targets = new ArrayList<>();
    for (TimersAtScale.Result r : timers) {
      out.append(Figures.count(r.armed())).append(" armed: ").append(r.verification());
      if (r.seedCheck() != null) {
        out.append("; seed check (a cloned instance = one the engine created for the same due): ")
            .append(r.seedCheck() ? "same row" : "DIFFERENT");
      }
      out.append('\n');
    }
    if (!timers.isEmpty()) {
      TimersAtScale.Result large = timers.get(timers.size() - 1);
      targets.add(
          new Target(
              String.format(
                  Locale.ROOT,
                  "%s timers past due at start (of %s armed) fired, none early (issue 23)",
                  Figures.count(large.due()),
                  Figures.count(large.armed())),
              Figures.rate(large.firesPerSecond())
                  + (large.correct() ? "" : " (a check failed above)"),
              "≥ " + Figures.rate(DRAIN_TARGET),
              large.correct() && large.firesPerSecond() >= DRAIN_TARGET));
    }
    if (timers.size() >= 2) {
      TimersAtScale.Result small = timers.get(0);
      TimersAtScale.Result large = timers.get(timers.size() - 1);
      double ratio = large.claimMillisPerInstance() / small.claimMillisPerInstance();
      targets.add(
          new Target(
              String.format(
                  Locale.ROOT,
                  "claim query per leased instance, %s armed ÷ %s armed (issue 3)",
                  Figures.count(large.armed()),
                  Figures.count(small.armed())),
              String.format(
                  Locale.ROOT,
                  "%.3f ms ÷ %.3f ms = %s",
                  large.claimMillisPerInstance(),
                  small.claimMillisPerInstance(),
                  Figures.ratio(ratio)),
              "≤ " + Figures.ratio(CLAIM_GROWTH_TARGET),
              ratio <= CLAIM_GROWTH_TARGET));
      out.append("\nWhere the database time went firing ")
          .append(Figures.count(large.due()))
          .append(" of ")
          .append(Figures.count(large.armed()))
          .append(" armed (pg_stat_statements and pg_stat_user_tables; per fire)\n\n")
          .append(large.sql().table(large.due(), 12))
          .append('\n')
          .append(large.tables().table(large.due()))
          .append(
              "\nGeneric plans of the costliest statements (as the server plans them at the end)\n\n")
          .append(large.sql().plans());
    }
    return new Section(out.toString(), targets);
  }

  static Section lateness(List<TimerLateness.Result> lateness) {
    Table table =
        new Table(
            ">fires/s",
            ">timers",
            ">p50",
            ">p99",
            ">max",
            ">achieved",
            ">claims × mean",
            ">instances/claim",
            ">commits × mean",
            ">turns/commit",
            ">CPU",
            "verdict");
    List<Target> targets = new ArrayList<>();
    StringBuilder notes = new StringBuilder();
    for (TimerLateness.Result r : lateness) {
      EngineProbe p = r.probe();
      Samples late = p.lateness();
      boolean pass = late.percentile(0.99) <= LATENESS_TARGET_NANOS;
      table.row(
          Figures.count(r.rate()),
          Figures.count(r.timers()),
          Figures.millis(late.percentile(0.5)),
          Figures.millis(late.percentile(0.99)),
          Figures.millis(late.max()),
          Figures.rate(r.achievedRate()),
          p.claims().brief(),
          String.format(Locale.ROOT, "%.1f", p.claims().itemsPerCall()),
          p.commits().brief(),
          String.format(Locale.ROOT, "%.1f", p.commits().itemsPerCall()),
          r.cpu().brief(),
          Figures.verdict(pass));
      targets.add(
          new Target(
              String.format(
                  Locale.ROOT, "timer lateness p99 at %s fires/s", Figures.count(r.rate())),
              Figures.millis(late.percentile(0.99)),
              "≤ " + Figures.millis(LATENESS_TARGET_NANOS),
              pass));
      notes.append(
          String.format(
              Locale.ROOT,
              "%s fires/s: %s empty claims, %d backpressure episodes, %d leases lost%n",
              Figures.count(r.rate()),
              Figures.count(p.emptyClaims().calls()),
              p.backpressureEpisodes(),
              p.leasesLost()));
    }
    TimerLateness.Result last = lateness.get(lateness.size() - 1);
    notes
        .append("\nWhere the database time went at ")
        .append(Figures.count(last.rate()))
        .append(" fires/s (pg_stat_statements over the firing; per fire)\n\n")
        .append(last.statements().table(last.timers(), 10));
    return new Section(
        "Timer lateness: due instant → the fire's transition committed, as the engine reports it"
            + " ("
            + CpuMeter.NOTE
            + "; "
            + last.config().describe()
            + ", cap "
            + last.cap()
            + "; timers due one every 1/rate s for "
            + last.seconds()
            + " s)\n\n"
            + table.markdown()
            + notes,
        targets);
  }
}
