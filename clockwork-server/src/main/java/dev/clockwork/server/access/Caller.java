package dev.clockwork.server.access;

import dev.clockwork.schedule.audit.CommandContext;

/**
 * The authenticated caller of one request: its token's principal, role and namespaces, and the
 * request's id, so every operator action can be recorded with who asked for it.
 */
public record Caller(ApiToken token, String requestId) {
  /** The principal recorded with this caller's actions. */
  public String principal() {
    return token.principal();
  }

  public Role role() {
    return token.role();
  }

  /** Whether this caller may see {@code namespace}. */
  public boolean sees(String namespace) {
    return token.sees(namespace);
  }

  /** The command context recorded with a schedule command {@code reason} (may be null). */
  public CommandContext commandContext(String reason) {
    return new CommandContext(principal(), requestId, "api", reason);
  }
}
