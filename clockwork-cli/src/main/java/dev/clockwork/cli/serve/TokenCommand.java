package dev.clockwork.cli.serve;

import dev.clockwork.cli.command.OutputOption;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code clockwork token new}: a new API token's secret, and the hash to put in clockwork.yaml. */
@Command(
    name = "token",
    mixinStandardHelpOptions = true,
    description = "Make API tokens for `clockwork server`.",
    subcommands = TokenCommand.NewToken.class)
public final class TokenCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code clockwork token new}. */
  @Command(
      name = "new",
      mixinStandardHelpOptions = true,
      description =
          "Print a new token's secret (give it to whoever calls the API; it is not kept"
              + " anywhere) and the clockwork.yaml lines that let the server accept it (only its"
              + " SHA-256 is kept).")
  public static final class NewToken implements Callable<Integer> {
    private final CliEnvironment env;

    @Spec CommandSpec spec;

    @Option(
        names = "--principal",
        paramLabel = "NAME",
        description = "who uses it; recorded with every action (default: ops)")
    String principal = "ops";

    @Option(
        names = "--role",
        paramLabel = "ROLE",
        converter = RoleConverter.class,
        description =
            "viewer (read), operator (send, retry, purge, pause, trigger) or admin (default: viewer)")
    Role role = Role.VIEWER;

    @Option(
        names = "--namespaces",
        paramLabel = "NAMES",
        split = ",",
        description = "schedule namespaces it may see, comma-separated (default: * for all)")
    List<String> namespaces = List.of(ApiToken.ALL_NAMESPACES);

    @Mixin OutputOption output = new OutputOption();

    /** What {@code -o json} prints. */
    record Made(
        String principal, String role, List<String> namespaces, String secret, String sha256) {}

    public NewToken(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() {
      if (!principal.matches("[A-Za-z0-9][A-Za-z0-9._@-]{0,99}")) {
        throw new ParameterException(
            spec.commandLine(),
            "--principal '" + principal + "': use letters, digits, '.', '_', '@' and '-'");
      }
      String secret = AccessPolicy.newSecret();
      PrintWriter out = env.out();
      if (output.json()) {
        Json.print(
            out, new Made(principal, role.label(), namespaces, secret, ApiToken.hash(secret)));
        return 0;
      }
      out.println("Secret (give it to the caller; it is shown only now):");
      out.println("  " + secret);
      out.println();
      out.println("Add to clockwork.yaml:");
      out.println("server:");
      out.println("  tokens:");
      out.println("    " + principal + ":");
      out.println("      sha256: " + ApiToken.hash(secret));
      out.println("      role: " + role.label());
      out.println("      namespaces: \"" + String.join(", ", namespaces) + "\"");
      out.flush();
      return 0;
    }
  }

  /** viewer / operator / admin in any case, naming the choices otherwise. */
  public static final class RoleConverter implements ITypeConverter<Role> {
    @Override
    public Role convert(String value) {
      if (value.equalsIgnoreCase("anyone")) {
        throw new TypeConversionException(
            "'" + value + "' is not a role; use viewer, operator or admin");
      }
      try {
        return Role.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            "'"
                + value
                + "' is not a role; use "
                + Arrays.toString(new String[] {"viewer", "operator", "admin"}));
      }
    }
  }
}
