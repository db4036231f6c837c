package dev.clockwork.spring.boot.server;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Prints a {@link ServerStartException} as Boot's "APPLICATION FAILED TO START" report. */
public final class ServerStartFailureAnalyzer
    extends AbstractFailureAnalyzer<ServerStartException> {
  @Override
  protected FailureAnalysis analyze(Throwable root, ServerStartException cause) {
    return new FailureAnalysis("Clockwork: " + cause.problem() + ".", cause.fix() + ".", cause);
  }
}
