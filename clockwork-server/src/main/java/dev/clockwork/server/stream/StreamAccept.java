package dev.clockwork.server.stream;

import dev.clockwork.server.http.Problem;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;

/**
 * Lets {@code GET /api/stream} answer every client that can take server-sent events: the HTTP
 * library streams only to an {@code Accept} naming {@code text/event-stream}, so {@code curl}
 * (which sends {@code *}{@code /*}) and clients sending none got an empty 200. A client that
 * accepts anything is treated as asking for the stream; one that accepts only other types (say
 * {@code application/json}) gets a 406 saying what to send.
 */
public final class StreamAccept implements Filter {
  static final String EVENT_STREAM = "text/event-stream";
  private static final String PATH = "/api/stream";

  /** Puts the filter in front of the stream's route. */
  public static void install(ServletContextHandler handler) {
    handler.addFilter(
        new FilterHolder(new StreamAccept()), PATH, EnumSet.of(DispatcherType.REQUEST));
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    String accept = http.getHeader("Accept");
    if (accept != null && accept.toLowerCase(Locale.ROOT).contains(EVENT_STREAM)) {
      chain.doFilter(request, response);
    } else if (accept == null || accept.isBlank() || acceptsAnyText(accept)) {
      chain.doFilter(new AskingForTheStream(http), response);
    } else {
      notAcceptable((HttpServletResponse) response, accept);
    }
  }

  /** Whether {@code accept} names a range that holds {@code text/event-stream}. */
  static boolean acceptsAnyText(String accept) {
    for (String range : accept.split(",")) {
      String type = range.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
      if (type.equals("*/*") || type.equals("text/*")) {
        return true;
      }
    }
    return false;
  }

  private static void notAcceptable(HttpServletResponse response, String accept)
      throws IOException {
    String detail =
        PATH
            + " answers "
            + EVENT_STREAM
            + " (server-sent events) only, and the request accepts '"
            + accept.replace("\"", "'")
            + "'; send Accept: "
            + EVENT_STREAM
            + ", e.g. curl -N -H 'Accept: "
            + EVENT_STREAM
            + "' …";
    String body =
        "{\"type\":\"https://clockwork.dev/problems/not-acceptable\",\"title\":\"Not Acceptable\","
            + "\"status\":406,\"detail\":\""
            + detail.replace("\\", "\\\\")
            + "\",\"instance\":\""
            + PATH
            + "\"}";
    response.setStatus(406);
    response.setContentType(Problem.MEDIA_TYPE);
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }

  /** The request as if it had asked for the stream. */
  private static final class AskingForTheStream extends HttpServletRequestWrapper {
    AskingForTheStream(HttpServletRequest request) {
      super(request);
    }

    @Override
    public String getHeader(String name) {
      return "Accept".equalsIgnoreCase(name) ? EVENT_STREAM : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      return "Accept".equalsIgnoreCase(name)
          ? Collections.enumeration(List.of(EVENT_STREAM))
          : super.getHeaders(name);
    }
  }
}
