package dev.clockwork.bench.soak;

import dev.clockwork.bench.report.Figures;
import dev.clockwork.bench.report.Section;
import dev.clockwork.bench.report.Target;
import dev.clockwork.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The soak's per-minute table, its tables' bytes, the sanity check and the four targets. */
final class SoakTables {
  private SoakTables() {}

  /** One minute as a progress line. */
  static String line(SoakMinute m) {
    return String.format(
        Locale.ROOT,
        "minute %d: %s, enqueue→commit p50 %s p99 %s, lateness p99 %s, cw_ tables %s, heap %s"
            + " (%,d STEPs unjoined), %d connections, removed %,d instances / %,d history rows,"
            + " %d checkpoints, %d autovacuums",
        m.minute(),
        Figures.rate(m.eventsPerSecond()),
        Figures.millis(m.latencyP50Nanos()),
        Figures.millis(m.latencyP99Nanos()),
        Figures.millis(m.latenessP99Nanos()),
        megabytes(m.tableBytes()),
        megabytes(m.heapAfterGc()),
        m.unjoined(),
        m.connections(),
        m.instancesRemoved(),
        m.historyRemoved(),
        m.checkpoints(),
        m.autovacuums());
  }

  /**
   * @param shouldPurge whether the run was long enough for retention to purge finished tickets: a
   *     run that was and purged none did not apply its retention (WRONG)
   */
  static Section section(SoakRun.Result r, boolean shouldPurge) {
    Table minutes =
        new Table(
            ">minute",
            ">events/s",
            ">enqueue→commit p50",
            ">p99",
            ">timer lateness p99",
            ">cw_ bytes",
            ">dead rows",
            ">heap after GC",
            ">connections",
            ">instances removed",
            ">history removed",
            ">checkpoints",
            ">autovacuums");
    for (SoakMinute m : r.minutes()) {
      minutes.row(
          String.valueOf(m.minute()),
          Figures.rate(m.eventsPerSecond()),
          Figures.millis(m.latencyP50Nanos()),
          Figures.millis(m.latencyP99Nanos()),
          Figures.millis(m.latenessP99Nanos()),
          megabytes(m.tableBytes()),
          Figures.count(m.deadTuples()),
          megabytes(m.heapAfterGc()),
          Figures.count(m.connections()),
          Figures.count(m.instancesRemoved()),
          Figures.count(m.historyRemoved()),
          Figures.count(m.checkpoints()),
          Figures.count(m.autovacuums()));
    }
    Table tables = new Table("table", ">bytes at start", ">bytes at end");
    for (Map.Entry<String, Long> t : r.last().bytes().entrySet()) {
      tables.row(
          t.getKey(),
          megabytes(r.first().bytes().getOrDefault(t.getKey(), 0L)),
          megabytes(t.getValue()));
    }
    String check =
        String.format(
                Locale.ROOT,
                "%,d tickets; %,d STEPs offered during the minutes, %,d reported applied, %,d"
                    + " dead-lettered",
                r.tickets(),
                r.enqueued(),
                r.joined(),
                r.deadLettered())
            + (r.correct()
                ? ": OK"
                : ": WRONG — an offered event was not applied, or was dead-lettered");
    long purged = r.minutes().stream().mapToLong(SoakMinute::instancesRemoved).sum();
    String retention =
        String.format(Locale.ROOT, "retention purged %,d instances during the minutes", purged)
            + (purged > 0 || !shouldPurge
                ? ": OK"
                : ": WRONG — the run outlasted the retention, and nothing was purged");
    String text =
        String.format(
                Locale.ROOT,
                "Soak: capacity %s of STEPs (the mix flat out), offered %s (the producers achieved"
                    + " %s); events = STEPs and timer fires"
                    + " applied; enqueue→commit of the STEPs; bytes of every cw_ table with its"
                    + " indexes and TOAST; heap after System.gc()%n%n",
                Figures.rate(r.capacity()),
                Figures.rate(r.offered()),
                Figures.rate(r.achieved()))
            + minutes.markdown()
            + "\n"
            + tables.markdown()
            + "\n"
            + relations(r)
            + "\n"
            + check
            + "\n"
            + retention
            + "\n";
    return new Section(text, targets(r.minutes()));
  }

  /**
   * Each table's rows and each index apart, at the start, at the start of the last third and at the
   * end: where the bytes the growth target measures live. Relations under 0.1 MB throughout are
   * left out.
   */
  static String relations(SoakRun.Result r) {
    if (r.samples().size() < 3) {
      return "";
    }
    int k = lastThirdStart(r.samples().size());
    DatabaseSample third = r.samples().get(k);
    Table table =
        new Table(
            "table rows / index", ">at start", ">minute " + (k + 1), ">at end", ">last third");
    for (Map.Entry<String, Long> relation : r.last().relations().entrySet()) {
      long start = r.first().relations().getOrDefault(relation.getKey(), 0L);
      long middle = third.relations().getOrDefault(relation.getKey(), 0L);
      long end = relation.getValue();
      if (Math.max(Math.max(start, middle), end) < 100_000) {
        continue;
      }
      table.row(
          relation.getKey(),
          megabytes(start),
          megabytes(middle),
          megabytes(end),
          middle == 0
              ? "—"
              : String.format(Locale.ROOT, "%+.1f %%", 100.0 * (end - middle) / middle));
    }
    return table.markdown();
  }

  /** The index of the minute the last third is measured from. */
  private static int lastThirdStart(int minutes) {
    return minutes - 1 - Math.max(1, minutes / 3);
  }

  static List<Target> targets(List<SoakMinute> minutes) {
    List<Target> targets = new ArrayList<>();
    if (minutes.size() < 3) {
      return targets;
    }
    SoakMinute second = minutes.get(1);
    SoakMinute last = minutes.get(minutes.size() - 1);
    SoakMinute thirdFromEnd = minutes.get(lastThirdStart(minutes.size()));
    double throughput = last.eventsPerSecond() / second.eventsPerSecond();
    targets.add(
        new Target(
            "throughput, last ÷ second minute",
            Figures.rate(last.eventsPerSecond())
                + " ÷ "
                + Figures.rate(second.eventsPerSecond())
                + " = "
                + Figures.ratio(throughput),
            "≥ 0.95",
            throughput >= 0.95));
    double drift = last.latencyP99Nanos() / second.latencyP99Nanos();
    targets.add(
        new Target(
            "enqueue→commit p99 drift, last vs second minute",
            Figures.millis(last.latencyP99Nanos())
                + " vs "
                + Figures.millis(second.latencyP99Nanos())
                + " = "
                + Figures.ratio(drift),
            "≤ 1.20×",
            drift <= 1.2));
    targets.add(
        growthTarget(
            "cw_ table bytes over the last third (minute "
                + thirdFromEnd.minute()
                + " → "
                + last.minute()
                + ")",
            thirdFromEnd.tableBytes(),
            last.tableBytes(),
            "grows < 5 %",
            1.05));
    targets.add(
        growthTarget(
            "heap after GC over the last third",
            thirdFromEnd.heapAfterGc(),
            last.heapAfterGc(),
            "flat: grows < 10 %",
            1.10));
    return targets;
  }

  /** Bytes from {@code from} to {@code to}: passes when their ratio stays under {@code limit}. */
  private static Target growthTarget(
      String measure, long from, long to, String required, double limit) {
    double ratio = (double) to / from;
    return new Target(
        measure,
        megabytes(from)
            + " → "
            + megabytes(to)
            + String.format(Locale.ROOT, " (%+.1f %%)", 100 * (ratio - 1)),
        required,
        ratio < limit);
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
