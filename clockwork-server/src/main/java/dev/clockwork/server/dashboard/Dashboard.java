package dev.clockwork.server.dashboard;

import dev.clockwork.server.access.Role;
import io.javalin.config.JavalinConfig;
import io.javalin.http.HttpStatus;
import io.javalin.http.staticfiles.Location;
import java.util.Map;
import java.util.Set;

/**
 * Serves the dashboard's files from the classpath ({@code /dashboard/**}, no token needed: they
 * hold no data) and Mermaid's WebJar ({@code /webjars/**}), and sends {@code /} to the dashboard.
 * The files go out with a content security policy allowing scripts from this server only, so even a
 * payload that slipped past the page's escaping could not run.
 */
public final class Dashboard {
  /** Scripts and connections from this server only; Mermaid's SVG needs inline styles. */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
          + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none';"
          + " frame-ancestors 'none'; form-action 'self'";

  private static final Map<String, String> HEADERS =
      Map.of(
          "Content-Security-Policy", CONTENT_SECURITY_POLICY,
          "X-Content-Type-Options", "nosniff",
          "Referrer-Policy", "no-referrer",
          "Cache-Control", "no-cache");

  private Dashboard() {}

  /** Adds the dashboard to a server's configuration. */
  public static void install(JavalinConfig config) {
    config.staticFiles.add(
        files -> {
          files.hostedPath = "/dashboard";
          files.directory = "/dashboard";
          files.location = Location.CLASSPATH;
          files.headers = HEADERS;
          files.roles = Set.of(Role.ANYONE);
        });
    config.staticFiles.add(
        files -> {
          files.hostedPath = "/webjars";
          files.directory = "/META-INF/resources/webjars";
          files.location = Location.CLASSPATH;
          files.headers =
              Map.of("Cache-Control", "max-age=31536000", "X-Content-Type-Options", "nosniff");
          files.roles = Set.of(Role.ANYONE);
        });
    config.routes.get("/", ctx -> ctx.redirect("/dashboard/", HttpStatus.FOUND), Role.ANYONE);
  }
}
