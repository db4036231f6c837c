package dev.clockwork.server.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * An error body in the RFC 9457 shape ({@code application/problem+json}): {@code type} is a stable
 * URI per kind of problem, {@code detail} names the culprit and the fix; {@code failure} (an
 * extension member, only when something the engine ran failed) names what failed.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(
    String type,
    String title,
    int status,
    String detail,
    String instance,
    List<String> errors,
    Map<String, String> failure) {
  /** The media type of problem bodies. */
  public static final String MEDIA_TYPE = "application/problem+json";

  static final String TYPE_PREFIX = "https://clockwork.dev/problems/";

  static Problem of(ProblemException e, String path) {
    return new Problem(
        TYPE_PREFIX + e.kind(),
        titleOf(e.status()),
        e.status(),
        e.getMessage(),
        path,
        e.errors(),
        e.failure());
  }

  static String titleOf(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 409 -> "Conflict";
      case 415 -> "Unsupported Media Type";
      case 422 -> "Unprocessable Content";
      case 503 -> "Service Unavailable";
      default -> status >= 500 ? "Internal Server Error" : "Error";
    };
  }
}
