package dev.clockwork.bench;

import java.util.Objects;
import org.springframework.statemachine.StateMachineEventResult;

/**
 * Checks made once in each benchmark's setup, so a machine that silently ignores its events (and
 * would look very fast) stops the run instead.
 */
final class Sanity {
  private Sanity() {}

  static void expect(Object actual, Object expected, String what) {
    if (!Objects.equals(String.valueOf(actual), String.valueOf(expected))) {
      throw new IllegalStateException(what + ": expected " + expected + " but was " + actual);
    }
  }

  static void accepted(StateMachineEventResult<String, String> result, String what) {
    if (result == null || result.getResultType() != StateMachineEventResult.ResultType.ACCEPTED) {
      throw new IllegalStateException(what + ": the event was not accepted: " + result);
    }
  }
}
