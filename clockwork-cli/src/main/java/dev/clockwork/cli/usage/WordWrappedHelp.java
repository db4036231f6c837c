package dev.clockwork.cli.usage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * picocli's help, laid out as picocli lays it out, but wrapped at spaces only ({@link Lines}): the
 * synopsis, the command's description and every option's and parameter's description.
 */
public final class WordWrappedHelp extends Help {
  /** picocli's columns before the description: marker, short name, comma (2 + 2 + 1). */
  private static final int NAME_COLUMNS = 5;

  /** Continuation lines of a description are indented this much more, as picocli does. */
  private static final String HANGING = "  ";

  /** The width a synopsis is first rendered at, on one line, before it is wrapped here. */
  private static final int ONE_LINE = 10_000;

  private Integer descriptionWidth;
  private boolean measuring;

  public WordWrappedHelp(CommandSpec spec, ColorScheme scheme) {
    super(spec, scheme);
  }

  private int width() {
    return commandSpec().usageMessage().width();
  }

  @Override
  public String synopsis(int synopsisHeadingLength) {
    UsageMessageSpec usage = commandSpec().usageMessage();
    int width = width();
    boolean auto = usage.autoWidth();
    String oneLine;
    usage.autoWidth(false).width(ONE_LINE);
    try {
      oneLine = super.synopsis(synopsisHeadingLength);
    } finally {
      usage.width(width).autoWidth(auto);
    }
    // under the command's name, or less when the longest [--option=VALUE] would not fit there
    int indent =
        Math.max(
            0,
            Math.min(
                synopsisHeadingLength + commandSpec().qualifiedName().length() + 1,
                width - Lines.longestSynopsisUnit(oneLine)));
    List<String> lines = Lines.wrapSynopsis(oneLine, width - synopsisHeadingLength, width - indent);
    StringBuilder text = new StringBuilder(lines.get(0)).append(System.lineSeparator());
    for (String line : lines.subList(1, lines.size())) {
      text.append(" ".repeat(indent)).append(line).append(System.lineSeparator());
    }
    return text.toString();
  }

  @Override
  public String description(Object... params) {
    String[] paragraphs = commandSpec().usageMessage().description();
    if (Arrays.stream(paragraphs).anyMatch(p -> p.contains("%"))) {
      return super.description(params); // format specifiers: picocli's own help command
    }
    StringBuilder text = new StringBuilder();
    for (String paragraph : paragraphs) {
      for (String line : Lines.wrap(paragraph, width(), width())) {
        text.append(line).append(System.lineSeparator());
      }
    }
    return text.toString();
  }

  /** The subcommands, one line each where it fits, as picocli lays them out. */
  @Override
  public String commandList(Map<String, Help> subcommands) {
    if (subcommands.isEmpty()) {
      return "";
    }
    int names = subcommands.keySet().stream().mapToInt(String::length).max().orElse(0);
    int column = width() - names - 4;
    StringBuilder text = new StringBuilder();
    for (Map.Entry<String, Help> entry : subcommands.entrySet()) {
      UsageMessageSpec usage = entry.getValue().commandSpec().usageMessage();
      String summary =
          usage.header().length > 0
              ? usage.header()[0]
              : usage.description().length > 0 ? usage.description()[0] : "";
      if (summary.contains("%")) {
        summary = String.format(summary);
      }
      List<String> lines = Lines.wrap(summary, column, column - HANGING.length());
      text.append("  ")
          .append(entry.getKey())
          .append(" ".repeat(names - entry.getKey().length() + 2))
          .append(lines.get(0))
          .append(System.lineSeparator());
      for (String line : lines.subList(1, lines.size())) {
        text.append(" ".repeat(names + 4))
            .append(HANGING)
            .append(line)
            .append(System.lineSeparator());
      }
    }
    return text.toString();
  }

  @Override
  public IOptionRenderer createDefaultOptionRenderer() {
    IOptionRenderer picocli = super.createDefaultOptionRenderer();
    return (option, labels, scheme) -> rewrapped(picocli.render(option, labels, scheme), scheme);
  }

  @Override
  public IParameterRenderer createDefaultParameterRenderer() {
    IParameterRenderer picocli = super.createDefaultParameterRenderer();
    return (parameter, labels, scheme) ->
        rewrapped(picocli.render(parameter, labels, scheme), scheme);
  }

  /** The width description lines have: picocli's description column less its indent. */
  private int descriptionWidth(ColorScheme scheme) {
    if (descriptionWidth == null) {
      measuring = true;
      try {
        descriptionWidth =
            width()
                - NAME_COLUMNS
                - calcLongOptionColumnWidth(
                    commandSpec().options(), commandSpec().positionalParameters(), scheme)
                - 1;
      } finally {
        measuring = false;
      }
    }
    return descriptionWidth;
  }

  /** The rows picocli made, each description line wrapped here so none is wrapped again. */
  private Ansi.Text[][] rewrapped(Ansi.Text[][] rows, ColorScheme scheme) {
    if (measuring) {
      return rows; // picocli measuring the names column through this renderer
    }
    int column = descriptionWidth(scheme);
    List<Ansi.Text[]> wrapped = new ArrayList<>();
    for (Ansi.Text[] row : rows) {
      int description = row.length - 1;
      List<String> lines =
          Lines.wrap(row[description].plainString(), column, column - HANGING.length());
      Ansi.Text[] first = row.clone();
      first[description] = scheme.ansi().new Text(lines.get(0), scheme);
      wrapped.add(first);
      for (String line : lines.subList(1, lines.size())) {
        Ansi.Text[] next = new Ansi.Text[row.length];
        for (int i = 0; i < description; i++) {
          next[i] = scheme.ansi().new Text("", scheme);
        }
        next[description] = scheme.ansi().new Text(HANGING + line, scheme);
        wrapped.add(next);
      }
    }
    return wrapped.toArray(new Ansi.Text[0][]);
  }
}
