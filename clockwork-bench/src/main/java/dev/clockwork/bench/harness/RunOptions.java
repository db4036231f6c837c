package dev.clockwork.bench.harness;

import dev.clockwork.bench.report.RunReport;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options every PostgreSQL benchmark command shares: scale, flushes, where the report goes. */
public final class RunOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = "--quick",
      description = "every count ÷ 10: a smoke run of a minute or two (figures are noisy)")
  boolean quick;

  @Option(
      names = "--scale",
      paramLabel = "F",
      description = "every count × F (e.g. 0.5); combines with --quick")
  double scale = 1;

  @Option(
      names = "--no-fsync",
      description =
          "fsync and synchronous_commit off, the embedded server's own default (commits are not"
              + " flushed; the default is PostgreSQL's: both on)")
  boolean noFsync;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where the report goes (default: the jar's directory, clockwork-bench/target)")
  Path out;

  /** The factor every count is multiplied by. */
  public double factor() {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("--scale must be above 0, not " + scale);
    }
    return scale * (quick ? 0.1 : 1);
  }

  /** {@code count × factor()}, at least 1. */
  public int scaled(int count) {
    return Math.max(1, (int) Math.round(count * factor()));
  }

  /** Whether commits wait for their flush to disk (the default). */
  public boolean durable() {
    return !noFsync;
  }

  /** Where the report goes: {@code --out}, or the jar's directory. */
  public Path out() {
    return out != null ? out : RunReport.defaultOut();
  }

  /** The command line as typed, for the report. */
  public String commandLine() {
    return RunReport.commandLine(command);
  }

  /** "1 (full)" or "0.1". */
  public String describeScale() {
    double f = factor();
    return f == 1 ? "1 (full)" : String.format(Locale.ROOT, "%.3g", f);
  }
}
