package dev.clockwork.spring.boot.keys;

import java.util.Collection;
import java.util.Optional;

/**
 * A {@code clockwork.*} key that is not a Clockwork property.
 *
 * @param key the key as written ({@code clockwork.queue.concurency}, {@code
 *     CLOCKWORK_QUEUE_CONCURENCY})
 * @param source the name of the property source it was found in ({@code commandLineArgs})
 * @param origin where in that source, when the source knows ({@code line 3})
 * @param environment whether the key is an environment variable's name
 * @param at the part of the key that is known ({@code clockwork.queue})
 * @param leaf whether that part takes a value, with no keys beneath it
 * @param known the keys that may follow that part, in the key's form
 * @param suggestion the nearest known key, in the key's form, when one is near enough
 */
public record UnknownKey(
    String key,
    String source,
    Optional<String> origin,
    boolean environment,
    String at,
    boolean leaf,
    Collection<String> known,
    Optional<String> suggestion) {

  static UnknownKey of(KnownKeys.Miss miss, String source, Optional<String> origin) {
    return new UnknownKey(
        miss.key().text(),
        source,
        origin,
        miss.key().environment(),
        miss.at(),
        miss.leaf(),
        miss.known(),
        miss.suggestion());
  }

  /** The key, where it was written, and the nearest known key. */
  public String describe() {
    return key
        + " (in "
        + source
        + origin.map(o -> ", " + o).orElse("")
        + ")"
        + suggestion.map(s -> ": did you mean " + s + "?").orElse(" is not a Clockwork property");
  }

  /** What may be written there instead. */
  public String fix() {
    if (leaf) {
      return at + " takes a value and has no keys beneath it";
    }
    return "the keys under " + at + " are " + String.join(", ", known);
  }
}
