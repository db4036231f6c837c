package dev.clockwork.bench.queues;

import dev.clockwork.bench.durable.BenchPostgres;
import dev.clockwork.bench.durable.Markdown;
import dev.clockwork.bench.durable.RunFacts;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the queue benchmarks of issue 4 against one embedded PostgreSQL and prints the report:
 * priority against fifo, concurrency caps against none, and healthy throughput with poisoned events
 * dead-lettered among it, each with its figures, ratios and PASS or MISS. Also writes {@code
 * queues-report.md} next to the jar (or to {@code --out}). Start it with {@code
 * clockwork-bench/run-queues [options]}; {@code --help} lists the options.
 */
public final class QueueReport {
  private QueueReport() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    QueueSettings settings;
    try {
      settings = QueueSettings.from(args, defaultOut());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (settings.help) {
      System.out.println(QueueSettings.USAGE);
      return;
    }
    Files.createDirectories(settings.out);
    Map<String, String> facts =
        RunFacts.of("clockwork-bench/run-queues", args, settings.describe());
    long started = System.nanoTime();
    List<Section> sections = new ArrayList<>();
    try (BenchPostgres postgres = BenchPostgres.start(settings.durable)) {
      facts.putAll(postgres.facts());
      progress("PostgreSQL up: " + facts.get("postgresql"));
      // every seeded event an hour in the past: available to every drain
      Instant base = Clock.systemUTC().instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
      Seeder seeder = new Seeder(base, settings.setupThreads);
      LedgerSeeds seeds = new LedgerSeeds(postgres, settings, seeder, QueueReport::progress);
      if (settings.runs("priority")) {
        sections.add(new PriorityBench(postgres, settings, seeds, QueueReport::progress).run());
      }
      if (settings.runs("poison")) {
        sections.add(new PoisonBench(postgres, settings, seeds, QueueReport::progress).run());
      }
      seeds.dropAll();
      if (settings.runs("concurrency")) {
        sections.add(new ConcurrencyBench(postgres, settings, seeder, QueueReport::progress).run());
      }
    }
    facts.put("load average at end", RunFacts.loadAverage());
    facts.put("wall time", Duration.ofNanos(System.nanoTime() - started).toSeconds() + " s");

    StringBuilder text = new StringBuilder();
    facts.forEach((key, value) -> text.append(key).append(": ").append(value).append('\n'));
    Markdown summary = new Markdown("target", "result", "required", "verdict");
    for (Section section : sections) {
      text.append('\n').append(section.text());
      section
          .targets()
          .forEach(t -> summary.row(t.measure(), t.result(), t.required(), t.verdict()));
    }
    text.append("\nTargets (issue 4; medians of the measured rounds)\n\n").append(summary.render());
    System.out.println();
    System.out.println(text);
    Path markdown = settings.out.resolve("queues-report.md");
    Files.writeString(markdown, "# Clockwork queue benchmarks\n\n```\n" + text + "```\n");
    System.out.println("Saved " + markdown);
  }

  private static void progress(String line) {
    System.out.println("[" + RunFacts.loadAverage() + "] " + line);
  }

  /**
   * The directory of the jar (or of the classes) this runs from: {@code clockwork-bench/target}.
   */
  private static Path defaultOut() {
    try {
      Path location =
          Path.of(QueueReport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.getParent();
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Path.of("clockwork-bench", "target");
    }
  }
}
