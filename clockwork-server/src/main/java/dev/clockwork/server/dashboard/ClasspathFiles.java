package dev.clockwork.server.dashboard;

import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Files read through the class loader, below one folder of the class path. Read so, they are served
 * wherever the jar is: a directory of classes, a plain jar, or a jar nested in a Spring Boot {@code
 * java -jar} application, whose {@code jar:nested:} URLs a file server's resource base cannot use
 * (Jetty refuses them as aliases). Only names with a known file type are served, and no path that
 * steps out of the folder: a directory, a {@code ..} segment or a backslash is a 404.
 */
final class ClasspathFiles {
  /** One path segment of a file name: letters, digits and {@code . _ - @ +}, never only dots. */
  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_@+\\-][A-Za-z0-9._@+\\-]*");

  private static final Map<String, String> TYPES =
      Map.ofEntries(
          Map.entry("html", "text/html; charset=utf-8"),
          Map.entry("js", "text/javascript; charset=utf-8"),
          Map.entry("mjs", "text/javascript; charset=utf-8"),
          Map.entry("css", "text/css; charset=utf-8"),
          Map.entry("json", "application/json"),
          Map.entry("map", "application/json"),
          Map.entry("svg", "image/svg+xml"),
          Map.entry("png", "image/png"),
          Map.entry("ico", "image/x-icon"),
          Map.entry("woff2", "font/woff2"),
          Map.entry("txt", "text/plain; charset=utf-8"));

  private final ClassLoader loader;
  private final String folder;
  private final Map<String, String> headers;

  /**
   * @param folder the class path folder, without leading or trailing slash ({@code dashboard})
   * @param headers the headers every file goes out with
   */
  ClasspathFiles(ClassLoader loader, String folder, Map<String, String> headers) {
    this.loader = loader;
    this.folder = folder;
    this.headers = Map.copyOf(headers);
  }

  /** Answers with the file at {@code path} (relative to the folder), or a 404. */
  void serve(Context ctx, String path) {
    Optional<String> type = typeOf(path);
    if (type.isEmpty()) {
      throw notFound(ctx);
    }
    byte[] content;
    try (InputStream in = loader.getResourceAsStream(folder + "/" + path)) {
      if (in == null) {
        throw notFound(ctx);
      }
      content = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder + "/" + path, e);
    }
    headers.forEach(ctx::header);
    ctx.contentType(type.get());
    ctx.result(content);
  }

  /** The content type of a safe, known file name, else empty. */
  static Optional<String> typeOf(String path) {
    if (path.isEmpty() || path.endsWith("/")) {
      return Optional.empty();
    }
    for (String segment : path.split("/", -1)) {
      if (!SEGMENT.matcher(segment).matches()) {
        return Optional.empty();
      }
    }
    int dot = path.lastIndexOf('.');
    if (dot < 0 || dot < path.lastIndexOf('/')) {
      return Optional.empty();
    }
    return Optional.ofNullable(TYPES.get(path.substring(dot + 1).toLowerCase(Locale.ROOT)));
  }

  private static ProblemException notFound(Context ctx) {
    return ProblemException.notFound("no file at " + ctx.path());
  }
}
