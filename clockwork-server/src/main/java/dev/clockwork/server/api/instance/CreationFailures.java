package dev.clockwork.server.api.instance;

import dev.clockwork.runtime.error.CreationFailedException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code failure} member of the 422 an instance that could not start is answered with: the
 * action that threw ({@code action}: its name or {@code #n}, {@code kind}: entry, exit or
 * transition), its {@code state} and {@code transition} (when it is a transition's), and the {@code
 * error} it threw.
 */
final class CreationFailures {
  private CreationFailures() {}

  static Map<String, String> of(CreationFailedException e) {
    Map<String, String> failure = new LinkedHashMap<>();
    e.site()
        .ifPresent(
            site -> {
              failure.put("action", site.name() != null ? site.name() : site.action());
              failure.put("kind", site.kind());
              failure.put("state", site.state());
              if (site.transition() != null) {
                failure.put("transition", site.transition());
              }
            });
    failure.put("error", e.error());
    return failure;
  }
}
