package dev.clockwork.server.http;

import java.util.List;
import java.util.function.Function;

/**
 * One page of a list: its items, the cursor for the next page ({@code next_cursor}, absent on the
 * last page) and whether there is more ({@code has_more}).
 */
public record Page<T>(List<T> items, String nextCursor, boolean hasMore) {
  public Page {
    items = List.copyOf(items);
  }

  /**
   * A page from {@code fetched}, read with a limit one larger than {@code limit}: the extra item,
   * if any, says there is more; {@code cursorOf} gives the cursor after the page's last item.
   */
  public static <T> Page<T> of(List<T> fetched, int limit, Function<T, String> cursorOf) {
    if (fetched.size() <= limit) {
      return new Page<>(fetched, null, false);
    }
    List<T> items = fetched.subList(0, limit);
    return new Page<>(items, cursorOf.apply(items.get(limit - 1)), true);
  }
}
