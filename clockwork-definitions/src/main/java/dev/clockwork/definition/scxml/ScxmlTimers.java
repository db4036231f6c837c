package dev.clockwork.definition.scxml;

import dev.clockwork.core.definition.TimerDeclaration;
import dev.clockwork.core.definition.TimerDef;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.w3c.dom.Element;

/**
 * A state's timer: a {@code <send event=… id=… delay=…>} in its {@code onentry} and a {@code
 * <cancel sendid=…>} in its {@code onexit}. SCXML delays are fixed ({@code 604800s}), so a fixed
 * {@code after} is plain SCXML; an {@code every} sends its first fire that way and says the
 * recurrence in {@code clockwork:every} (with {@code clockwork:max}, {@code clockwork:then}). What
 * SCXML cannot express — calendar periods, dates, cycles, cron, computed values — is a {@code
 * <send>} of the Clockwork timer type ({@link ScxmlFormat#TIMER_TYPE}) whose {@code clockwork:}
 * attribute holds the declaration: a processor without that type raises {@code error.communication}
 * instead of sending it at once.
 */
final class ScxmlTimers {
  private final ScxmlDocument document;

  ScxmlTimers(ScxmlDocument document) {
    this.document = document;
  }

  void arm(Element onentry, TimerDef timer) {
    TimerDeclaration declared = timer.declaration();
    Element send = document.scxml("send");
    send.setAttribute("event", ScxmlIds.event(timer.event()));
    send.setAttribute("id", timer.key());
    String delay = fixed(declared);
    if (delay != null && (declared.kind().equals("after") || declared.kind().equals("every"))) {
      send.setAttribute("delay", delay);
      if (declared.kind().equals("every")) {
        ScxmlDocument.extension(send, "every", declared.text());
      }
    } else {
      send.setAttribute("type", ScxmlFormat.TIMER_TYPE);
      ScxmlDocument.extension(
          send, declared.kind(), declared.text() == null ? "code" : declared.text());
    }
    if (declared.max() != null) {
      ScxmlDocument.extension(send, "max", declared.max().toString());
    }
    if (timer.then() != null) {
      ScxmlDocument.extension(send, "then", timer.then());
    }
    if (declared.zone() != null) {
      ScxmlDocument.extension(send, "zone", declared.zone().getId());
    }
    onentry.appendChild(send);
  }

  void cancel(Element onexit, TimerDef timer) {
    Element cancel = document.scxml("cancel");
    cancel.setAttribute("sendid", timer.key());
    onexit.appendChild(cancel);
  }

  /** A fixed duration as an SCXML delay ({@code 90s}, {@code 1500ms}), null when not fixed. */
  private static String fixed(TimerDeclaration declared) {
    if (declared.text() == null) {
      return null;
    }
    try {
      Duration duration = Duration.parse(declared.text());
      return duration.toMillis() % 1000 == 0
          ? duration.toSeconds() + "s"
          : duration.toMillis() + "ms";
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
