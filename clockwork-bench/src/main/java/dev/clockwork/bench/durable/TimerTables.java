package dev.clockwork.bench.durable;

import java.util.List;
import java.util.Locale;

/** The report's timer sections: timers at scale and timer lateness, with their verdicts. */
final class TimerTables {
  private TimerTables() {}

  static String timers(List<TimersAtScale.Result> timers, List<String> verdicts) {
    Markdown table =
        new Markdown(
            ">armed",
            ">due",
            ">seed",
            ">fire all due",
            ">fires/s",
            ">due query p50 (isolated)",
            ">blocks hit/read",
            ">due query in sweeps",
            ">sweep batch p50",
            ">p99",
            ">backpressure waits",
            "check");
    for (TimersAtScale.Result r : timers) {
      table.row(
          Figures.count(r.armed()),
          Figures.count(r.due()),
          Figures.seconds(r.seedSeconds()),
          Figures.seconds(r.fireSeconds()),
          Figures.rate(r.firesPerSecond()),
          Figures.millis(r.dueQuery().medianMillis() * 1e6),
          r.dueQuery().hit() + "/" + r.dueQuery().read(),
          Figures.millis(r.sweptQueryMillis() * 1e6),
          Figures.millis(r.probeBatches().percentile(0.5)),
          Figures.millis(r.probeBatches().percentile(0.99)),
          String.valueOf(r.backpressureWaits()),
          r.correct() ? "OK" : "WRONG");
    }
    StringBuilder out =
        new StringBuilder(
            "Timers at scale. The harness sweeps the first "
                + TimersAtScale.PROBE_BATCHES
                + " batches of 100 itself, alone; before them (after a sweep of one timer), the sweep's due-timer query\n"
                + "(SELECT … FOR NO KEY UPDATE OF t, i SKIP LOCKED, its text from pg_stat_statements) runs 25 times under EXPLAIN (ANALYZE, BUFFERS),\n"
                + "rolled back: \"isolated\" is the median execution time, blocks those of one run; \"in sweeps\" is its mean over the probe sweeps;\n"
                + "sweep batch = the whole sweepDueTimers call (select, fire records, enqueue, delete, commit). Then the engine's loop\n"
                + "(2 workers, default options) sweeps and fires the rest; fire all due = first probe sweep → last fire committed,\n"
                + "without the EXPLAIN runs.\n\n");
    out.append(table.render()).append('\n');
    for (TimersAtScale.Result r : timers) {
      out.append(Figures.count(r.armed())).append(" armed: ").append(r.verification());
      if (r.seedCheck() != null) {
        out.append("; seed check (a cloned instance = one the engine created for the same due): ")
            .append(r.seedCheck() ? "same rows" : "DIFFERENT");
      }
      out.append('\n');
    }
    if (timers.size() >= 2) {
      TimersAtScale.Result small = timers.get(0);
      TimersAtScale.Result large = timers.get(timers.size() - 1);
      double ratio = large.dueQuery().medianMillis() / small.dueQuery().medianMillis();
      String line =
          String.format(
              Locale.ROOT,
              "sweep per-batch query time, %s armed ÷ %s armed: %s ÷ %s = %s; target ≤ 2× %s"
                  + " (in sweeps: %s; whole sweep batch p50: %s)",
              Figures.count(large.armed()),
              Figures.count(small.armed()),
              Figures.millis(large.dueQuery().medianMillis() * 1e6),
              Figures.millis(small.dueQuery().medianMillis() * 1e6),
              Figures.ratio(ratio),
              Figures.verdict(ratio <= 2),
              Figures.ratio(large.sweptQueryMillis() / small.sweptQueryMillis()),
              Figures.ratio(
                  large.probeBatches().percentile(0.5) / small.probeBatches().percentile(0.5)));
      out.append(line).append('\n');
      verdicts.add(line);
      out.append("\nThe due-timer query's plan at ")
          .append(Figures.count(large.armed()))
          .append(" armed (last isolated run)\n\n")
          .append(large.dueQuery().plan())
          .append("\nWhere the database time went firing ")
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
    return out.toString();
  }

  static String lateness(
      List<TimerLateness.Result> lateness, int targetRate, List<String> verdicts) {
    Markdown table =
        new Markdown(
            ">fires/s", ">timers", ">p50", ">p99", ">max", ">achieved", "target", "verdict");
    StringBuilder notes = new StringBuilder();
    for (TimerLateness.Result r : lateness) {
      Samples late = r.lateness();
      double limit = r.sweepInterval().toNanos() + 100e6;
      boolean pass = late.percentile(0.99) <= limit;
      boolean target = r.rate() == targetRate;
      table.row(
          Figures.count(r.rate()),
          Figures.count(r.timers()),
          Figures.millis(late.percentile(0.5)),
          Figures.millis(late.percentile(0.99)),
          Figures.millis(late.max()),
          Figures.rate(r.achievedRate()),
          "p99 ≤ " + Figures.millis(limit) + (target ? "" : " (not the target rate)"),
          Figures.verdict(pass));
      if (target) {
        verdicts.add(
            String.format(
                Locale.ROOT,
                "timer lateness p99 at %,d fires/s: %s; target ≤ %s %s",
                r.rate(),
                Figures.millis(late.percentile(0.99)),
                Figures.millis(limit),
                Figures.verdict(pass)));
      }
      notes.append(
          String.format(
              Locale.ROOT,
              "%,d fires/s: %d sweeps skipped for backpressure%n",
              r.rate(),
              r.backpressureWaits()));
    }
    return "Timer lateness: due instant → the fire's transition committed (default options: "
        + lateness.get(0).sweepInterval().toMillis()
        + " ms sweep interval, batches of 100, 2 workers; the second rate, if any, is half the fire"
        + " rate the largest timers run reached, to show lateness below capacity)\n\n"
        + table.render()
        + notes;
  }
}
