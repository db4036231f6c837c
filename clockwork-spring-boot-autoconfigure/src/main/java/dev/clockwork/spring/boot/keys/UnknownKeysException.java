package dev.clockwork.spring.boot.keys;

import java.util.List;
import java.util.stream.Collectors;

/** The start stopped on {@code clockwork.*} keys that are not Clockwork properties. */
public final class UnknownKeysException extends IllegalStateException {
  private final List<UnknownKey> keys;

  UnknownKeysException(List<UnknownKey> keys) {
    super(description(keys) + "\n" + action(keys));
    this.keys = List.copyOf(keys);
  }

  /** The unknown keys, in the order their sources take precedence. */
  public List<UnknownKey> keys() {
    return keys;
  }

  /** What is wrong: each key, where it was written, and the nearest known key. */
  public String description() {
    return description(keys);
  }

  /** What to do about it. */
  public String action() {
    return action(keys);
  }

  private static String description(List<UnknownKey> keys) {
    String lines = keys.stream().map(k -> "\n  - " + k.describe()).collect(Collectors.joining());
    return keys.size() == 1
        ? "Clockwork: a clockwork.* key is not a Clockwork property:" + lines
        : "Clockwork: " + keys.size() + " clockwork.* keys are not Clockwork properties:" + lines;
  }

  private static String action(List<UnknownKey> keys) {
    StringBuilder action =
        new StringBuilder(
            "Correct or remove "
                + (keys.size() == 1 ? "the key" : "each key")
                + " (a misspelt key would otherwise be ignored without a word):");
    keys.stream()
        .map(UnknownKey::fix)
        .distinct()
        .forEach(fix -> action.append("\n  - ").append(fix));
    if (keys.stream().anyMatch(UnknownKey::environment)) {
      action.append(
          "\n  Spring Boot reads every environment variable named CLOCKWORK_* as a clockwork.*"
              + " key: rename or unset the variable.");
    }
    return action.toString();
  }
}
