package dev.clockwork.cli.usage;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Answers every mistake in what was typed the same way, at every level of the command tree: one
 * line naming the culprit (an unknown command or option with the nearest one, a value that is not a
 * number), the command's usage, and exit code 2.
 */
public final class UsageErrors implements CommandLine.IParameterExceptionHandler {
  /** The exit code of a usage error. */
  public static final int EXIT_CODE = 2;

  private static final Set<Class<?>> WHOLE_NUMBERS =
      Set.of(int.class, long.class, short.class, Integer.class, Long.class, Short.class);

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println("clockwork: " + message(e));
    err.println();
    command.usage(err);
    err.flush();
    return EXIT_CODE;
  }

  /** The one line that says what was wrong and, when it can, what was meant. */
  static String message(ParameterException e) {
    CommandLine command = e.getCommandLine();
    CommandSpec spec = command.getCommandSpec();
    if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
      String typed = unmatched.getUnmatched().get(0);
      if (looksLikeOption(typed)) {
        return unknownOption(spec, typed);
      }
      if (!visibleSubcommands(spec).isEmpty()) {
        return unknownCommand(spec, typed);
      }
    }
    // the help subcommand: `clockwork timers help lsit`
    if (e.getArgSpec() == null
        && e.getValue() != null
        && String.valueOf(e.getMessage()).startsWith("Unknown subcommand")) {
      return unknownCommand(spec, e.getValue());
    }
    if ("Missing required subcommand".equals(e.getMessage())) {
      return "'"
          + path(spec)
          + "' needs a command: "
          + Nearest.either(visibleSubcommands(spec))
          + " (help COMMAND shows one's options)";
    }
    ArgSpec arg = e.getArgSpec();
    if (arg != null && e.getCause() instanceof TypeConversionException conversion) {
      // picocli's own: "'many' is not an int"; a converter of ours says more
      return WHOLE_NUMBERS.contains(arg.type())
              && conversion.getMessage().matches("'.*' is not an? (int|long|short)")
          ? name(arg) + " must be a whole number, not '" + e.getValue() + "'"
          : name(arg) + ": " + conversion.getMessage();
    }
    return e.getMessage();
  }

  private static String unknownCommand(CommandSpec spec, String typed) {
    String path = path(spec);
    String prefix = path.isEmpty() ? "" : path + " ";
    List<String> nearest = Nearest.to(typed, visibleSubcommands(spec));
    List<String> meant = new ArrayList<>();
    nearest.forEach(name -> meant.add("'" + prefix + name + "'"));
    return "unknown command '"
        + prefix
        + typed
        + "'"
        + (meant.isEmpty() ? "" : "; did you mean " + Nearest.either(meant) + "?");
  }

  private static String unknownOption(CommandSpec spec, String typed) {
    int equals = typed.indexOf('=');
    String name = equals > 0 ? typed.substring(0, equals) : typed;
    List<String> known = new ArrayList<>();
    for (OptionSpec option : spec.options()) {
      if (!option.hidden()) {
        known.addAll(List.of(option.names()));
      }
    }
    List<String> nearest = Nearest.to(name, known);
    String path = path(spec);
    return "unknown option '"
        + name
        + "'"
        + (path.isEmpty() ? "" : " of '" + path + "'")
        + (nearest.isEmpty() ? "" : "; did you mean " + Nearest.either(nearest) + "?");
  }

  /** {@code --dealy} or {@code -x}; not {@code -} alone nor a negative number. */
  private static boolean looksLikeOption(String typed) {
    return typed.length() > 1 && typed.startsWith("-") && !typed.matches("-[0-9.]+");
  }

  /** The subcommands a user is shown, in the order of the usage. */
  static List<String> visibleSubcommands(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    spec.subcommands()
        .forEach(
            (name, sub) -> {
              if (!sub.getCommandSpec().usageMessage().hidden() && !names.contains(name)) {
                names.add(name);
              }
            });
    return names;
  }

  /** {@code schedules list} for that command; empty for the root. */
  private static String path(CommandSpec spec) {
    List<String> names = new ArrayList<>();
    for (CommandSpec at = spec; at.parent() != null; at = at.parent()) {
      names.add(0, at.name());
    }
    return String.join(" ", names);
  }

  private static String name(ArgSpec arg) {
    return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
  }
}
