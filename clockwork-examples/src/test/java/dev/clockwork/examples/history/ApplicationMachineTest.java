package dev.clockwork.examples.history;

import dev.clockwork.core.time.Timer;
import dev.clockwork.testkit.MachineTest;
import org.junit.jupiter.api.Test;

class ApplicationMachineTest {

  // snippet:start history-test
  @Test
  void resumesAtTheStepThatWasLeft() {
    MachineTest.of(ApplicationMachine.definition())
        .send("NEXT") // personal → address.street
        .send("NEXT") // → address.postcode
        .send("PAUSE")
        .assertState("paused")
        .advanceTimers(Timer.days(3))
        .send("RESUME")
        .assertState("filling.address.postcode");
  }

  // snippet:end history-test

  @Test
  void aPauseNeverResumedIsAbandoned() {
    MachineTest.of(ApplicationMachine.definition())
        .send("PAUSE")
        .advanceTimers(Timer.days(30))
        .assertState("abandoned");
  }
}
