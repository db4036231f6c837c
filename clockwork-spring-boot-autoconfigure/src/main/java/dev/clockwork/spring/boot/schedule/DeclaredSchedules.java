package dev.clockwork.spring.boot.schedule;

import dev.clockwork.schedule.ScheduleDescription;
import dev.clockwork.schedule.ScheduleRequest;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.DuplicateScheduleException;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the declared schedules into the store, idempotently: a schedule that does not exist is
 * created, one whose settings differ is updated, one that matches is left alone (no audit row), so
 * every node may apply them at every start. A schedule deleted by an operator stays deleted (a
 * warning says so): declaring it again does not undo their decision.
 */
public final class DeclaredSchedules {
  private static final Logger LOG = LoggerFactory.getLogger(DeclaredSchedules.class);

  private final List<ScheduleRequest> requests;

  public DeclaredSchedules(List<ScheduleRequest> requests) {
    this.requests = List.copyOf(requests);
  }

  /** The declared schedules. */
  public List<ScheduleRequest> requests() {
    return requests;
  }

  /** Creates or updates every declared schedule through {@code schedules}. */
  public void apply(Schedules schedules) {
    for (ScheduleRequest request : requests) {
      Schedules target =
          request.namespace() != null ? schedules.in(request.namespace()) : schedules;
      apply(target, request);
    }
  }

  private static void apply(Schedules schedules, ScheduleRequest request) {
    Optional<ScheduleDescription> existing = schedules.find(request.scheduleId());
    if (existing.isEmpty()) {
      try {
        schedules.create(request);
        LOG.info("Created schedule {}", request.scheduleId());
        return;
      } catch (DuplicateScheduleException anotherNodeWasFirst) {
        existing = schedules.find(request.scheduleId());
      }
    }
    ScheduleDescription found = existing.orElseThrow();
    if (found.status() == ScheduleStatus.DELETED) {
      LOG.warn(
          "Schedule {} is declared but was deleted; it stays deleted (remove the declaration, or"
              + " declare it under another id)",
          request.scheduleId());
      return;
    }
    if (!found.record().settings().equals(request.settings())) {
      schedules.update(request.scheduleId(), current -> request.settings());
      LOG.info("Updated schedule {} to its declaration", request.scheduleId());
    }
  }
}
