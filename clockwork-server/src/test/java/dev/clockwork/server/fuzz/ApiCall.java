package dev.clockwork.server.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One HTTP call of the fuzz: method, the path with its parameters filled, query and body. */
record ApiCall(String method, String target, String body, Map<String, String> headers) {

  /**
   * The call of {@code template}'s route with its {@code {…}} parameters filled in order from
   * {@code values} (percent-encoded), {@code query} appended.
   */
  static ApiCall of(
      String method,
      String template,
      List<String> values,
      Map<String, String> query,
      String body,
      Map<String, String> headers) {
    StringBuilder path = new StringBuilder();
    int next = 0;
    for (String segment : template.split("/", -1)) {
      if (path.length() > 0 || template.startsWith("/")) {
        path.append(path.length() == 0 && segment.isEmpty() ? "" : "/");
      }
      if (segment.startsWith("{")) {
        path.append(encode(values.get(next++ % values.size())));
      } else {
        path.append(segment);
      }
    }
    String target = path.toString().startsWith("/") ? path.toString() : "/" + path;
    if (!query.isEmpty()) {
      target +=
          query.entrySet().stream()
              .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
              .collect(Collectors.joining("&", "?", ""));
    }
    return new ApiCall(method, target, body, headers);
  }

  /** Percent-encodes everything but RFC 3986's unreserved characters. */
  static String encode(String value) {
    StringBuilder out = new StringBuilder();
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c < 128 && (Character.isLetterOrDigit(c) || "-._~".indexOf(c) >= 0)) {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
  }

  @Override
  public String toString() {
    String shown = body == null ? "" : " " + (body.length() > 300 ? body.substring(0, 300) : body);
    return method + " " + target + shown;
  }
}
