package dev.clockwork.schedule.audit;

/**
 * The events of a schedule's audit stream; {@link #ScheduleTriggered} also opens a run's history.
 */
public enum ScheduleEventType {
  ScheduleCreated,
  SchedulePaused,
  ScheduleResumed,
  ScheduleUpdated,
  ScheduleTriggered,
  ScheduleTriggerSkipped,
  ScheduleDeleted
}
