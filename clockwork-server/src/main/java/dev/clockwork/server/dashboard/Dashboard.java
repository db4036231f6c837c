package dev.clockwork.server.dashboard;

import dev.clockwork.server.access.Role;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import java.util.List;
import java.util.Map;

/**
 * Serves the dashboard's files from the classpath ({@code /dashboard/**}, no token needed: they
 * hold no data) and the WebJars (Mermaid, uPlot: {@code /webjars/**}), and sends {@code /} to the
 * dashboard. The files are read through the class loader ({@link ClasspathFiles}), so they are
 * served from a jar nested in a Spring Boot application too. The files go out with a content
 * security policy allowing scripts from this server only, so even a payload that slipped past the
 * page's escaping could not run.
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

  /** A WebJar's path names its version, so its files never change. */
  private static final Map<String, String> WEBJAR_HEADERS =
      Map.of("Cache-Control", "max-age=31536000", "X-Content-Type-Options", "nosniff");

  private static final String INDEX = "index.html";

  private Dashboard() {}

  /** Adds the dashboard to a server's configuration. */
  public static void install(JavalinConfig config) {
    ClassLoader loader = Dashboard.class.getClassLoader();
    ClasspathFiles pages = new ClasspathFiles(loader, "dashboard", HEADERS);
    ClasspathFiles webjars =
        new ClasspathFiles(loader, "META-INF/resources/webjars", WEBJAR_HEADERS);
    for (HandlerType method : List.of(HandlerType.GET, HandlerType.HEAD)) {
      config.routes.addHttpHandler(method, "/dashboard", ctx -> index(ctx, pages), Role.ANYONE);
      config.routes.addHttpHandler(
          method, "/dashboard/<path>", ctx -> file(ctx, pages, ctx.pathParam("path")), Role.ANYONE);
      config.routes.addHttpHandler(
          method, "/webjars/<path>", ctx -> webjars.serve(ctx, ctx.pathParam("path")), Role.ANYONE);
    }
    config.routes.get("/", ctx -> ctx.redirect("/dashboard/", HttpStatus.FOUND), Role.ANYONE);
  }

  /** {@code /dashboard/} is the page; {@code /dashboard} goes there, so its relative links work. */
  private static void index(Context ctx, ClasspathFiles pages) {
    if (ctx.path().endsWith("/")) {
      pages.serve(ctx, INDEX);
    } else {
      ctx.redirect("/dashboard/", HttpStatus.FOUND);
    }
  }

  private static void file(Context ctx, ClasspathFiles pages, String path) {
    pages.serve(ctx, path.isEmpty() ? INDEX : path);
  }
}
