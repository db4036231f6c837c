package dev.clockwork.bench.report;

import dev.clockwork.cli.output.Table;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one report every benchmark command writes: the run's facts (date, command, commit, settings,
 * machine, load average at start and end, wall time), its sections in order, and a summary table of
 * every target judged with PASS or MISS. Printed, and saved as {@code <name>-report.md}.
 */
public final class RunReport {
  private final String name;
  private final Map<String, String> facts;
  private final List<Section> sections = new ArrayList<>();
  private final long started = System.nanoTime();

  /**
   * @param name the command's name, which names the file ({@code durable} → durable-report.md)
   * @param command the command line as typed
   * @param settings one line saying what the run measures and at which scale
   */
  public RunReport(String name, String command, String settings) {
    this.name = name;
    this.facts = RunFacts.of(command, settings);
  }

  /** Adds (or replaces) a fact of the header: the PostgreSQL version, say. */
  public void fact(String key, String value) {
    facts.put(key, value);
  }

  /** The facts so far, in order. */
  public Map<String, String> facts() {
    return Collections.unmodifiableMap(facts);
  }

  public void add(Section section) {
    sections.add(section);
  }

  /** "clockwork-bench/run durable --quick": the command line {@code spec} was parsed from. */
  public static String commandLine(CommandSpec spec) {
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    return ("clockwork-bench/run " + String.join(" ", args)).trim();
  }

  /**
   * The directory of the jar (or of the classes) this runs from: {@code clockwork-bench/target}.
   */
  public static Path defaultOut() {
    try {
      Path location =
          Path.of(RunReport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.getParent();
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Path.of("clockwork-bench", "target");
    }
  }

  /** Prints a progress line with the load average, for whoever watches the run. */
  public static void progress(String line) {
    System.out.println("[" + RunFacts.loadAverage() + "] " + line);
  }

  /** The whole report, as printed. */
  public String text() {
    StringBuilder text = new StringBuilder();
    facts.forEach((key, value) -> text.append(key).append(": ").append(value).append('\n'));
    Table summary = new Table("target", "result", "required", "verdict");
    boolean judged = false;
    for (Section section : sections) {
      text.append('\n').append(section.text());
      for (Target t : section.targets()) {
        summary.row(t.measure(), t.result(), t.required(), t.verdict());
        judged = true;
      }
    }
    if (judged) {
      text.append("\nTargets\n\n").append(summary.markdown());
    }
    return text.toString();
  }

  /**
   * The command's exit code: 1 when a sanity check of the run failed (a line "WRONG: …": the
   * benchmark measured something other than what it claims), printed again at the end; 0 otherwise.
   * A figure that misses its target is not a failure.
   */
  public int exitCode() {
    List<String> wrong =
        text().lines().filter(line -> line.contains("WRONG")).map(String::strip).toList();
    if (wrong.isEmpty()) {
      return 0;
    }
    System.out.println("\nSanity checks failed:");
    wrong.forEach(line -> System.out.println("  " + line));
    return 1;
  }

  /** Adds the closing facts, prints the report and saves it to {@code out}. */
  public Path finish(Path out) throws IOException {
    facts.put("load average at end", RunFacts.loadAverage());
    facts.put("wall time", Duration.ofNanos(System.nanoTime() - started).toSeconds() + " s");
    String text = text();
    System.out.println();
    System.out.println(text);
    Files.createDirectories(out);
    Path markdown = out.resolve(name + "-report.md");
    Files.writeString(markdown, "# Clockwork benchmarks: " + name + "\n\n```\n" + text + "```\n");
    System.out.println("Saved " + markdown);
    return markdown;
  }
}
