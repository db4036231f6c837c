package dev.clockwork.bench.durable;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.StatementProfile;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * db-scheduler executing {@code tasks} one-time tasks, all due, on the benchmark database (its own
 * {@code scheduled_tasks} table, created from its documented PostgreSQL schema): the clock runs
 * from {@code start()} until the table is empty (every execution completed, that is deleted). The
 * task body only counts.
 */
final class DbSchedulerThroughput {
  /** db-scheduler's PostgreSQL table, as its documentation gives it (postgresql_tables.sql). */
  private static final String[] SCHEMA = {
    """
    CREATE TABLE IF NOT EXISTS scheduled_tasks (
      task_name text NOT NULL,
      task_instance text NOT NULL,
      task_data bytea,
      execution_time timestamp with time zone,
      picked boolean NOT NULL,
      picked_by text,
      last_success timestamp with time zone,
      last_failure timestamp with time zone,
      consecutive_failures int,
      last_heartbeat timestamp with time zone,
      version bigint NOT NULL,
      priority smallint,
      state text,
      PRIMARY KEY (task_name, task_instance))
    """,
    "CREATE INDEX IF NOT EXISTS execution_time_idx ON scheduled_tasks (execution_time)",
    "CREATE INDEX IF NOT EXISTS last_heartbeat_idx ON scheduled_tasks (last_heartbeat)",
    """
    CREATE INDEX IF NOT EXISTS priority_execution_time_idx
        ON scheduled_tasks (priority DESC, execution_time ASC)
    """
  };

  /** One configuration: its name, threads, and how it polls. */
  record Config(String name, int threads, UnaryOperator<SchedulerBuilder> polling) {}

  /** Its default polling strategy (fetch, then lock each execution on execute). */
  static final Config FETCH =
      new Config("fetch (default), 2 threads", 2, b -> b.pollUsingFetch(0.5, 3.0));

  /** One {@code UPDATE … RETURNING} picks a batch (PostgreSQL's SELECT FOR UPDATE SKIP LOCKED). */
  static final Config LOCK_AND_FETCH =
      new Config("lock-and-fetch, 8 threads", 8, b -> b.pollUsingLockAndFetch(0.5, 1.0));

  static final List<Config> CONFIGS = List.of(FETCH, LOCK_AND_FETCH);

  record Result(
      Config config,
      boolean flushed,
      long tasks,
      double scheduleSeconds,
      double seconds,
      StatementProfile sql) {
    double perSecond() {
      return tasks / seconds;
    }
  }

  private final BenchDatabase postgres;
  private final int tasks;

  DbSchedulerThroughput(BenchDatabase postgres, int tasks) {
    this.postgres = postgres;
    this.tasks = tasks;
  }

  Result run(Config config) throws InterruptedException {
    postgres.execute(SCHEMA);
    postgres.execute("TRUNCATE scheduled_tasks");
    AtomicLong executed = new AtomicLong();
    OneTimeTask<Void> task =
        Tasks.oneTime("bench-task").execute((instance, context) -> executed.incrementAndGet());
    try (HikariDataSource pool = postgres.pool("db-scheduler", config.threads() + 2)) {
      long scheduleStart = System.nanoTime();
      postgres.server().setUp(() -> schedule(pool, task));
      double scheduleSeconds = (System.nanoTime() - scheduleStart) / 1e9;
      postgres.settle();
      Scheduler scheduler =
          config
              .polling()
              .apply(
                  Scheduler.create(pool, task)
                      .threads(config.threads())
                      .pollingInterval(Duration.ofSeconds(1))
                      .shutdownMaxWait(Duration.ofSeconds(5)))
              .build();
      long start = System.nanoTime();
      scheduler.start();
      long end = awaitEmpty(executed);
      scheduler.stop();
      StatementProfile sql = StatementProfile.read(postgres.harness());
      return new Result(
          config, postgres.server().flushing(), tasks, scheduleSeconds, (end - start) / 1e9, sql);
    }
  }

  /** Schedules every task through db-scheduler's client, in its JDBC batches, due now. */
  private Void schedule(HikariDataSource pool, OneTimeTask<Void> task) {
    SchedulerClient client = SchedulerClient.Builder.create(pool, task).build();
    Instant due = Clock.systemUTC().instant();
    List<TaskInstance<?>> batch = new ArrayList<>();
    for (int i = 0; i < tasks; i++) {
      batch.add(task.instance("task-" + i));
      if (batch.size() == 1000 || i == tasks - 1) {
        client.scheduleBatch(batch, due);
        batch.clear();
      }
    }
    return null;
  }

  /** Waits for every execution, then for the last completion to be committed (the table empty). */
  private long awaitEmpty(AtomicLong executed) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
    while (executed.get() < tasks) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "db-scheduler ran " + executed.get() + " of " + tasks + " tasks in 10 minutes");
      }
      Thread.sleep(2);
    }
    while (postgres.queryLong("SELECT count(*) FROM scheduled_tasks") > 0) {
      Thread.sleep(5);
    }
    return System.nanoTime();
  }
}
