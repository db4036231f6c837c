package dev.clockwork.runtime.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A mistyped name is answered with the nearest known one, when one is near enough. */
class SuggestionsTest {
  private static final List<String> KNOWN = List.of("concurrency", "timeout", "strategy");

  @Test
  void theNearestNameIsSuggested() {
    assertThat(Suggestions.closest("concurency", KNOWN)).contains("concurrency");
    assertThat(Suggestions.didYouMean("timout", KNOWN)).isEqualTo("; did you mean timeout?");
  }

  @Test
  void aNameFarFromEveryKnownOneGetsNoSuggestion() {
    assertThat(Suggestions.closest("backpressure", KNOWN)).isEmpty();
    assertThat(Suggestions.didYouMean("backpressure", KNOWN)).isEmpty();
  }

  @Test
  void tiesGoToTheAlphabeticallyFirst() {
    assertThat(Suggestions.closest("ab", List.of("bb", "ac"))).contains("ac");
  }
}
