package dev.clockwork.spring.boot.server;

/** Clockwork's HTTP server could not start as configured; says what to do. */
public final class ServerStartException extends IllegalStateException {
  private final String problem;
  private final String fix;

  ServerStartException(String problem, String fix, Throwable cause) {
    super(problem + ": " + fix, cause);
    this.problem = problem;
    this.fix = fix;
  }

  /** {@code clockwork.server.enabled=true} without the server's module on the classpath. */
  public static ServerStartException moduleMissing() {
    return new ServerStartException(
        "clockwork.server.enabled=true but the server is not on the classpath",
        "add the dependency dev.clockwork:clockwork-server (its version comes from"
            + " dev.clockwork:clockwork-bom), or remove clockwork.server.enabled",
        null);
  }

  public String problem() {
    return problem;
  }

  public String fix() {
    return fix;
  }
}
