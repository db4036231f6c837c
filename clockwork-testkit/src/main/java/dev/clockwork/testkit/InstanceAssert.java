package dev.clockwork.testkit;

import dev.clockwork.runtime.Instance;
import org.assertj.core.api.AbstractAssert;

/** AssertJ assertions on an {@link Instance}: {@code assertThat(instance).isIn("paid")}. */
public final class InstanceAssert extends AbstractAssert<InstanceAssert, Instance> {
  InstanceAssert(Instance actual) {
    super(actual, InstanceAssert.class);
  }

  /** The state (dotted path; an ancestor of an active state counts) is active. */
  public InstanceAssert isIn(String state) {
    isNotNull();
    if (!actual.isIn(state)) {
      failWithMessage(
          "Expected instance <%s> to be in <%s> but it is in <%s>",
          actual.id(), state, actual.states());
    }
    return this;
  }

  public InstanceAssert isNotIn(String state) {
    isNotNull();
    if (actual.isIn(state)) {
      failWithMessage("Expected instance <%s> not to be in <%s>", actual.id(), state);
    }
    return this;
  }

  public InstanceAssert isDone() {
    isNotNull();
    if (!actual.isDone()) {
      failWithMessage(
          "Expected instance <%s> to be done but it is in <%s>", actual.id(), actual.states());
    }
    return this;
  }

  /** A context value, numbers compared by value. */
  public InstanceAssert hasContext(String key, Object expected) {
    isNotNull();
    Object value = actual.context().get(key);
    if (!JsonEquality.same(expected, value)) {
      failWithMessage("Expected context.%s to be <%s> but was <%s>", key, expected, value);
    }
    return this;
  }

  /** A timer sending {@code event} is armed. */
  public InstanceAssert hasTimer(String event) {
    isNotNull();
    if (actual.timers().stream().noneMatch(t -> t.event().equals(event))) {
      failWithMessage("Expected a timer for <%s>; armed: <%s>", event, actual.timers());
    }
    return this;
  }

  public InstanceAssert hasNoTimer(String event) {
    isNotNull();
    if (actual.timers().stream().anyMatch(t -> t.event().equals(event))) {
      failWithMessage("Expected no timer for <%s>; armed: <%s>", event, actual.timers());
    }
    return this;
  }
}
