package dev.clockwork.definition.read;

import dev.clockwork.definition.tree.Location;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each state, transition and action list of a definition was written, by the path the core's
 * builder names in its errors ({@code order.awaiting_payment.on.PAY}), so a builder error can be
 * pointed at the text.
 */
public final class Located {
  private final Map<String, Location> paths = new HashMap<>();

  void put(String path, Location location) {
    paths.putIfAbsent(path, location);
  }

  /** The location of {@code path}, or of its nearest written ancestor. */
  public Location of(String path) {
    String candidate = path;
    while (!candidate.isEmpty()) {
      Location location = paths.get(candidate);
      if (location != null) {
        return location;
      }
      int cut = Math.max(candidate.lastIndexOf('.'), candidate.lastIndexOf('['));
      candidate = cut < 0 ? "" : candidate.substring(0, cut);
    }
    return Location.UNKNOWN;
  }
}
