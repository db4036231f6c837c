package dev.clockwork.bench.report;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The run as JSON: run facts, every score, the ratios and verdicts, the allocation growth. */
public final class JsonSummary {
  private JsonSummary() {}

  public static String of(Map<String, String> run, Scores scores, InterpreterTables report) {
    StringBuilder json = new StringBuilder("{\n  \"run\": {");
    String separator = "\n";
    for (Map.Entry<String, String> fact : run.entrySet()) {
      json.append(separator).append("    ").append(string(fact.getKey())).append(": ");
      json.append(string(fact.getValue()));
      separator = ",\n";
    }
    json.append("\n  },\n  \"benchmarks\": [");
    separator = "\n";
    for (Score score : scores.all()) {
      json.append(separator)
          .append("    {\"benchmark\": ")
          .append(string(score.benchmark()))
          .append(", \"opsPerSecond\": ")
          .append(number(score.opsPerSecond()))
          .append(", \"error\": ")
          .append(number(score.error()))
          .append(", \"deviation\": ")
          .append(number(score.deviation()))
          .append(", \"bytesPerOp\": ")
          .append(number(score.bytesPerOp()))
          .append(", \"cpuNanosPerOp\": ")
          .append(number(score.cpuNanosPerOp()))
          .append('}');
      separator = ",\n";
    }
    json.append("\n  ],\n  \"ratios\": [");
    separator = "\n";
    for (InterpreterTables.Row row : InterpreterTables.MACHINES) {
      json.append(separator)
          .append("    {\"machine\": ")
          .append(string(row.label()))
          .append(", \"clockworkOverSpring\": ")
          .append(number(report.ratio(row, "spring")))
          .append(", \"clockworkOverSquirrel\": ")
          .append(number(report.ratio(row, "squirrel")))
          .append(", \"clockworkOverSquirrelByCpu\": ")
          .append(number(report.cpuRatio(row, "squirrel")))
          .append(", \"targeted\": ")
          .append(row.targeted())
          .append('}');
      separator = ",\n";
    }
    json.append("\n  ],\n  \"paired\": [");
    separator = "\n";
    for (PairedResult paired : report.paired()) {
      json.append(separator)
          .append("    {\"machine\": ")
          .append(string(paired.label()))
          .append(", \"clockworkCpuNanos\": ")
          .append(number(paired.clockworkNanos()))
          .append(", \"squirrelCpuNanos\": ")
          .append(number(paired.squirrelNanos()))
          .append(", \"squirrelOverClockwork\": ")
          .append(number(paired.ratio()))
          .append(", \"lowQuartile\": ")
          .append(number(paired.lowQuartile()))
          .append(", \"highQuartile\": ")
          .append(number(paired.highQuartile()))
          .append('}');
      separator = ",\n";
    }
    json.append("\n  ],\n  \"targets\": {\"spring\": ")
        .append(number(InterpreterTables.SPRING_TARGET))
        .append(", \"squirrel\": ")
        .append(number(InterpreterTables.SQUIRREL_TARGET))
        .append(", \"bytesPerTransition\": ")
        .append(number(InterpreterTables.BYTES_TARGET))
        .append(", \"misses\": [");
    separator = "";
    for (String miss : report.misses()) {
      json.append(separator).append(string(miss));
      separator = ", ";
    }
    json.append("]},\n  \"allocationGrowthBytesPerOp\": ")
        .append(number(report.allocationGrowth()))
        .append("\n}\n");
    return json.toString();
  }

  private static String number(Optional<Double> value) {
    return value.map(JsonSummary::number).orElse("null");
  }

  private static String number(double value) {
    return Double.isNaN(value) || Double.isInfinite(value)
        ? "null"
        : String.format(Locale.ROOT, "%.3f", value);
  }

  private static String string(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
