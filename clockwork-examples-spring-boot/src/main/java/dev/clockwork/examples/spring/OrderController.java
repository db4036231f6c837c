package dev.clockwork.examples.spring;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Orders over HTTP: the engine is an ordinary bean to inject. */
// snippet:start spring-boot-controller
@RestController
@RequestMapping("/orders")
public class OrderController {
  private final Engine engine;

  public OrderController(Engine engine) {
    this.engine = engine;
  }

  @PostMapping
  @ResponseStatus(HttpStatus.CREATED)
  public Map<String, Object> create() {
    return view(engine.create("order"));
  }

  /** Queues the event and answers 202 at once; a worker processes it (durably, in order). */
  @PostMapping("/{id}/events/{type}")
  @ResponseStatus(HttpStatus.ACCEPTED)
  public Map<String, Object> send(@PathVariable String id, @PathVariable String type) {
    QueuedEvent queued = engine.enqueue(id, Event.of(type));
    return Map.of("instanceId", id, "eventId", queued.id());
  }

  @GetMapping("/{id}")
  public Map<String, Object> get(@PathVariable String id) {
    return view(engine.instances().get(id));
  }

  private static Map<String, Object> view(Instance instance) {
    return Map.of("id", instance.id(), "states", instance.states(), "context", instance.context());
  }
}
// snippet:end spring-boot-controller
