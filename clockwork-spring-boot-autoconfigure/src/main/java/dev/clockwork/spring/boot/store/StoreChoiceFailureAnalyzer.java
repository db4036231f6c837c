package dev.clockwork.spring.boot.store;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a {@link StoreChoiceException} as Boot's "APPLICATION FAILED TO START" report. */
public final class StoreChoiceFailureAnalyzer
    extends AbstractFailureAnalyzer<StoreChoiceException> {
  @Override
  protected FailureAnalysis analyze(Throwable root, StoreChoiceException cause) {
    return new FailureAnalysis("Clockwork: " + cause.problem() + ".", cause.fix() + ".", cause);
  }
}
