package dev.clockwork.cli.environment;

import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * What commands reach the outside world through, so tests can hand in their own: environment
 * variables, output, the clock, the database connector and the machines on the classpath.
 *
 * @param environment environment variables
 * @param out standard output
 * @param err standard error
 * @param clock the clock commands measure time by
 * @param database opens stores and runs migrations
 * @param machines machine definitions the CLI can run (from {@code MachineProvider}s)
 * @param behaviors the named behaviours of those providers, for machines deployed as data
 */
public record CliEnvironment(
    Map<String, String> environment,
    PrintWriter out,
    PrintWriter err,
    Clock clock,
    Database database,
    List<MachineDefinition> machines,
    Behaviors behaviors) {

  /** An environment whose providers offer no named behaviours. */
  public CliEnvironment(
      Map<String, String> environment,
      PrintWriter out,
      PrintWriter err,
      Clock clock,
      Database database,
      List<MachineDefinition> machines) {
    this(environment, out, err, clock, database, machines, Behaviors.none());
  }

  /** Opens stores and migrates schemas for a set of database settings. */
  public interface Database {
    /** The stores of the database, for a command; the caller closes them. */
    default Stores open(DatabaseSettings settings) {
      return open(settings, 2);
    }

    /**
     * The stores of the database on a pool of {@code poolSize} connections (a server's workers need
     * more than a command); the caller closes them.
     */
    Stores open(DatabaseSettings settings, int poolSize);

    /** Applies pending migrations; returns a one-line description of what was done. */
    String migrate(DatabaseSettings settings);
  }
}
