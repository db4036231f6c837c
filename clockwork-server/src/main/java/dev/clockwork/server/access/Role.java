package dev.clockwork.server.access;

import io.javalin.security.RouteRole;
import java.util.Locale;

/**
 * What a token may do, each role including the ones before it: {@link #VIEWER} reads, {@link
 * #OPERATOR} also sends events, retries, purges, pauses and triggers, {@link #ADMIN} also manages
 * schedules. {@link #ANYONE} marks routes that need no token (health checks, the dashboard's static
 * files).
 */
public enum Role implements RouteRole {
  ANYONE,
  VIEWER,
  OPERATOR,
  ADMIN;

  /** Whether a caller with this role may call a route that requires {@code required}. */
  public boolean includes(Role required) {
    return compareTo(required) >= 0;
  }

  /** The role named {@code name} (any case), or an error listing the roles. */
  public static Role named(String name) {
    if (name != null) {
      for (Role role : values()) {
        if (role != ANYONE && role.name().equalsIgnoreCase(name.trim())) {
          return role;
        }
      }
    }
    throw new IllegalArgumentException(
        "unknown role '" + name + "': use viewer, operator or admin");
  }

  /** The role as written in {@code clockwork.yaml} and JSON. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
