package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * A mistake in a machine file is a {@link DefinitionFormatException} naming the file, the line and
 * column, the state path and the fix — whether the reader finds it or the core's builder does.
 */
class ErrorsTest {
  static AbstractThrowableAssert<?, ? extends Throwable> reading(String yaml) {
    return assertThatThrownBy(() -> MachineFormat.yaml().read("order.yaml", yaml, Drive.BEHAVIORS))
        .isInstanceOf(DefinitionFormatException.class)
        .isInstanceOf(InvalidDefinitionException.class);
  }

  @Test
  void anUnknownKeyNamesItselfTheLineThePathAndTheKeysAllowed() {
    reading(
            """
            id: order
            initial: awaiting_payment
            states:
              awaiting_payment:
                on:
                  ORDER_EXPIRED:
                    tagret: cancelled
                    after: 7 days
              cancelled: {type: final}
            """)
        .hasMessageStartingWith("order.yaml:7:")
        .hasMessageContaining("order.awaiting_payment.on.ORDER_EXPIRED")
        .hasMessageContaining("unknown key 'tagret'")
        .hasMessageContaining("the keys allowed here are target, guards, actions");
  }

  @Test
  void anUnknownGuardFoundByTheBuilderIsLocatedAtItsTransition() {
    reading(
            """
            id: order
            initial: awaiting_payment
            states:
              awaiting_payment:
                on:
                  ORDER_EXPIRED: {target: cancelled, guards: isNotPayd, after: 7 days}
              cancelled: {type: final}
            """)
        .hasMessageStartingWith("order.yaml:6:")
        .hasMessageContaining("order.awaiting_payment.on.ORDER_EXPIRED")
        .hasMessageContaining("isNotPayd")
        .hasMessageContaining("isNotPaid");
  }

  @Test
  void anUnknownTargetIsLocatedAtItsTransitionWithTheFix() {
    reading(
            """
            id: order
            initial: a
            states:
              a:
                on:
                  GO: nowhere
            """)
        .hasMessageStartingWith("order.yaml:6:")
        .hasMessageContaining("order.a.on.GO")
        .hasMessageContaining("nowhere");
  }

  @Test
  void aBadDurationNamesTheTextAndTheAcceptedForms() {
    reading(
            """
            id: order
            initial: a
            states:
              a:
                on:
                  EXPIRE: {target: b, after: 7 fortnights}
              b: {}
            """)
        .hasMessageStartingWith("order.yaml:6:")
        .hasMessageContaining("order.a.on.EXPIRE")
        .hasMessageContaining("7 fortnights")
        .hasMessageContaining("7 days");
  }

  @Test
  void aKeyOfALaterVersionIsRefusedAsNotSupportedYet() {
    reading(
            """
            id: order
            queue: {priority: high}
            initial: a
            states: {a: {}}
            """)
        .hasMessageStartingWith("order.yaml:2:")
        .hasMessageContaining("'queue' is not supported yet")
        .hasMessageContaining("clockwork.yaml under clockwork.machines.order.queue")
        .hasMessageContaining("s.machine(\"order\", m -> m.queue(q -> …))")
        .hasMessageContaining("remove 'queue' from this file");
    reading(
            """
            id: order
            parallelDispatch: {job_tries: 3}
            initial: a
            states: {a: {}}
            """)
        .hasMessageStartingWith("order.yaml:2:")
        .hasMessageContaining("'parallelDispatch' is not supported yet")
        .hasMessageContaining("clockwork.yaml under clockwork.machines.order.parallel_dispatch")
        .hasMessageContaining("s.machine(\"order\", m -> m.parallelDispatch(p -> …))");
  }

  @Test
  void aValueOfTheWrongShapeSaysWhatToWrite() {
    reading(
            """
            id: order
            initial: a
            states:
              a:
                on:
                  EXPIRE: {target: b, after: 7}
              b: {}
            """)
        .hasMessageStartingWith("order.yaml:6:")
        .hasMessageContaining("expected text, found the number 7; write e.g. 7 days");
  }

  @Test
  void textThatIsNotYamlNamesTheLineAndTheParsersReasonWithoutItsExcerpts() {
    reading("id: order\nstates: {a: [}\n")
        .hasMessageStartingWith("order.yaml:2:")
        .hasMessageContaining("found '}'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void timerSettingsWithoutATimerAreAnErrorNotIgnored() {
    reading(
            """
            id: order
            initial: a
            states:
              a:
                on:
                  X: {target: b, then: Y}
              b: {}
            """)
        .hasMessageStartingWith("order.yaml:6:")
        .hasMessageContaining("order.a.on.X")
        .hasMessageContaining("'then' sets up a timer, and this transition has none");
  }

  @Test
  void aKeyWrittenTwiceIsAnError() {
    reading("id: order\ninitial: a\ninitial: b\nstates: {a: {}, b: {}}\n")
        .hasMessageStartingWith("order.yaml:3:")
        .hasMessageContaining("'initial' is written twice");
  }

  @Test
  void aMachineWithoutAnIdSaysHowToNameIt() {
    reading("initial: a\nstates: {a: {}}\n").hasMessageContaining("add one, e.g. 'id: order'");
  }

  @Test
  void jsonErrorsNameTheLineToo() {
    assertThatThrownBy(
            () ->
                MachineFormat.json()
                    .read(
                        "order.json",
                        "{\"id\": \"order\", \"initial\": \"a\",\n \"states\": {\"a\": {\"onn\": {}}}}",
                        Drive.BEHAVIORS))
        .hasMessageStartingWith("order.json:2:")
        .hasMessageContaining("order.a")
        .hasMessageContaining("unknown key 'onn'");
  }
}
