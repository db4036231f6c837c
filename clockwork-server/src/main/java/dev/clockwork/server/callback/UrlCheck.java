package dev.clockwork.server.callback;

import dev.clockwork.server.http.ProblemException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/** Checks a {@code callback_url}: an absolute http(s) URL whose host is on the allow-list. */
final class UrlCheck {
  private final CallbackOptions options;

  UrlCheck(CallbackOptions options) {
    this.options = options;
  }

  URI check(String raw) {
    if (raw == null || raw.isBlank()) {
      throw bad("callback_url is empty; give an https URL such as https://hooks.example.com/done");
    }
    URI url;
    try {
      url = new URI(raw);
    } catch (URISyntaxException e) {
      throw bad("callback_url '" + raw + "' is not a URL: " + e.getReason());
    }
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !scheme.equals("http") || url.getHost() == null) {
      throw bad(
          "callback_url '"
              + raw
              + "' is not an absolute http(s) URL with a host, such as"
              + " https://hooks.example.com/done");
    }
    if (url.getRawUserInfo() != null) {
      throw bad("callback_url '" + raw + "' carries user info before its host; remove it");
    }
    if (scheme.equals("http") && !options.allowHttp()) {
      throw refused(
          "callback_url '"
              + raw
              + "' uses plain http; this server calls https URLs only (CallbackOptions.allowHttp)");
    }
    options
        .allowList()
        .refusal(url)
        .ifPresent(
            reason -> {
              throw refused(reason);
            });
    return url;
  }

  private static ProblemException bad(String detail) {
    return new ProblemException(400, "bad-callback-url", detail, List.of(detail));
  }

  private static ProblemException refused(String detail) {
    return new ProblemException(422, "callback-not-allowed", detail, List.of(detail));
  }
}
