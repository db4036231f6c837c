package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.OperatorLogStore;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStore;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;

/**
 * A {@link Store} in the JVM's memory: for tests, the test kit and demos. Nothing survives the JVM.
 * Its roles share one state and one lock, which is also what {@link WorkStore#awaitWork} waits on.
 */
public final class InMemoryStore implements Store {
  private final InstanceStore instances;
  private final QueueStore queue;
  private final WorkStore work;
  private final QueueAdminStore queueAdmin;
  private final ActivityStore activity;
  private final OperatorLogStore operatorLog;
  private final RegionJobStore regionJobs;
  private final CallbackStore callbacks;
  private final RetentionStore retention;
  private final DefinitionStore definitions;

  public InMemoryStore() {
    MemoryData data = new MemoryData();
    this.instances = new MemoryInstances(data);
    this.queue = new MemoryQueue(data);
    this.work = new MemoryWork(data);
    this.queueAdmin = new MemoryQueueAdmin(data);
    this.activity = new MemoryActivity(data);
    MemoryOperatorLog log = new MemoryOperatorLog(data);
    MemoryCallbacks memoryCallbacks = new MemoryCallbacks(data);
    this.operatorLog = log;
    this.regionJobs = new MemoryRegionJobs(data);
    this.callbacks = memoryCallbacks;
    this.retention = new MemoryRetention(data, memoryCallbacks, log);
    this.definitions = new MemoryDefinitions(data);
  }

  @Override
  public InstanceStore instances() {
    return instances;
  }

  @Override
  public QueueStore queue() {
    return queue;
  }

  @Override
  public WorkStore work() {
    return work;
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return queueAdmin;
  }

  @Override
  public ActivityStore activity() {
    return activity;
  }

  @Override
  public OperatorLogStore operatorLog() {
    return operatorLog;
  }

  @Override
  public RegionJobStore regionJobs() {
    return regionJobs;
  }

  @Override
  public CallbackStore callbacks() {
    return callbacks;
  }

  @Override
  public RetentionStore retention() {
    return retention;
  }

  @Override
  public DefinitionStore definitions() {
    return definitions;
  }
}
