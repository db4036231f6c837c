package dev.clockwork.spring.boot.keys;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints an {@link UnknownKeysException} as Boot's "APPLICATION FAILED TO START" report. */
public final class UnknownKeysFailureAnalyzer
    extends AbstractFailureAnalyzer<UnknownKeysException> {
  @Override
  protected FailureAnalysis analyze(Throwable root, UnknownKeysException cause) {
    return new FailureAnalysis(cause.description(), cause.action(), cause);
  }
}
