package dev.clockwork.server.http;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A request the API refuses, answered as {@code application/problem+json}: the HTTP status, a short
 * stable kind (the last segment of the problem's type), and a detail naming the culprit and the
 * fix. {@code errors} lists each problem of a request with several (a payload's fields).
 */
public class ProblemException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String kind;
  private final transient List<String> errors;
  private final transient Map<String, String> failure;

  public ProblemException(int status, String kind, String detail) {
    this(status, kind, detail, List.of());
  }

  public ProblemException(int status, String kind, String detail, List<String> errors) {
    this(status, kind, detail, errors, Map.of());
  }

  private ProblemException(
      int status, String kind, String detail, List<String> errors, Map<String, String> failure) {
    super(detail);
    this.status = status;
    this.kind = kind;
    this.errors = List.copyOf(errors);
    this.failure = Collections.unmodifiableMap(new LinkedHashMap<>(failure));
  }

  public int status() {
    return status;
  }

  public String kind() {
    return kind;
  }

  public List<String> errors() {
    return errors;
  }

  /** What failed inside the engine (the action, its state, the error); empty for most problems. */
  public Map<String, String> failure() {
    return failure;
  }

  /** 400: the request itself is malformed (a parameter, a header, the body). */
  public static ProblemException badRequest(String detail) {
    return new ProblemException(400, "bad-request", detail);
  }

  /** 404: what the path names does not exist (or is not visible to the caller). */
  public static ProblemException notFound(String detail) {
    return new ProblemException(404, "not-found", detail);
  }

  /** 409: the request conflicts with the resource's current state. */
  public static ProblemException conflict(String detail) {
    return new ProblemException(409, "conflict", detail);
  }

  /** 422: well-formed, but the engine refuses it (an event the state does not accept, ...). */
  public static ProblemException unprocessable(String detail) {
    return new ProblemException(422, "unprocessable", detail);
  }

  /**
   * 422 because something the engine ran failed, e.g. an entry action: {@code failure} names it
   * ({@code action}, {@code state}, {@code error}, …), in this order.
   */
  public static ProblemException unprocessable(String detail, Map<String, String> failure) {
    return new ProblemException(422, "unprocessable", detail, List.of(), failure);
  }
}
