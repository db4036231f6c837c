package dev.clockwork.cli.usage;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Runs the parsed command as picocli does ({@link CommandLine.RunLast}), but first refuses any
 * argument nothing took, even when {@code --help} was typed too: picocli skips that check when help
 * is asked for, so {@code timers reschedul --help} printed the help of {@code timers} and exited 0,
 * as if the command existed.
 */
public final class StrictExecution implements CommandLine.IExecutionStrategy {
  private final CommandLine.IExecutionStrategy next = new CommandLine.RunLast();

  @Override
  public int execute(ParseResult parseResult) {
    for (ParseResult level = parseResult; level != null; level = level.subcommand()) {
      if (!level.unmatched().isEmpty()) {
        throw new UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
      }
    }
    return next.execute(parseResult);
  }
}
