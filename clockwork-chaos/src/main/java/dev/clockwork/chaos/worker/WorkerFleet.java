package dev.clockwork.chaos.worker;

import dev.clockwork.chaos.broken.Breakage;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The worker JVMs of a run: {@code java -cp <jar> WorkerMain --jdbc-url … --name wN}, each logging
 * to {@code logs/wN.log}. A watcher starts again, after {@link #RESTART_DELAY_MS}, any worker that
 * died (killed by a fault, or exited because the database was down when it started).
 */
public final class WorkerFleet implements AutoCloseable {
  /** The prefix of every worker connection's {@code application_name}. */
  public static final String APPLICATION_PREFIX = "clockwork-chaos-worker-";

  static final long RESTART_DELAY_MS = 300;

  /** How long {@link #pause} waits for a live worker when every one is dead. */
  static final long LIVE_WAIT_MS = 10_000;

  private final Path jar;
  private final Path logs;
  private final Function<String, String> urlFor;
  private final Breakage breakage;
  private final Launcher launcher;
  private final Map<String, Duration> clockOffsets = new TreeMap<>();
  private final Map<String, Integer> definitionVersions = new TreeMap<>();
  private final AtomicInteger deploys = new AtomicInteger();
  private final List<Slot> slots = new ArrayList<>();
  private final AtomicInteger kills = new AtomicInteger();
  private final AtomicInteger restarts = new AtomicInteger();
  private final AtomicInteger pauses = new AtomicInteger();
  private final List<Paused> stopped = new ArrayList<>();
  private final Thread watcher = new Thread(this::watch, "worker-watcher");
  private volatile boolean stopping;

  /**
   * @param urlFor the JDBC URL for a worker's {@code application_name}
   * @param breakage the promise every worker's store breaks on purpose (usually none)
   */
  public WorkerFleet(Path jar, Path logs, Function<String, String> urlFor, Breakage breakage) {
    this.jar = jar;
    this.logs = logs;
    this.urlFor = urlFor;
    this.breakage = breakage;
    this.launcher = this::launchWorker;
  }

  /** A fleet whose workers {@code launcher} starts: for tests of the fleet itself. */
  WorkerFleet(Path logs, Launcher launcher) {
    this.jar = null;
    this.logs = logs;
    this.urlFor = null;
    this.breakage = null;
    this.launcher = launcher;
  }

  /** Starts the process of worker {@code name} (w1, w2, …). */
  interface Launcher {
    Process launch(String name) throws IOException;
  }

  /**
   * Runs worker {@code index} (0-based), and every restart of it, with its clock {@code offset} off
   * (F6). Call before {@link #start}.
   */
  public synchronized void offsetClock(int index, Duration offset) {
    clockOffsets.put("w" + (index + 1), offset);
  }

  /** Which worker runs with its clock off, and by how much ("none" when none). */
  public synchronized String clockOffsets() {
    if (clockOffsets.isEmpty()) {
      return "no clock offset";
    }
    StringBuilder out = new StringBuilder();
    clockOffsets.forEach(
        (name, offset) ->
            out.append(name)
                .append(" runs its clock ")
                .append(offset.isNegative() ? "" : "+")
                .append(offset.toSeconds())
                .append(" s off (all run long) "));
    return out.toString().trim();
  }

  /** Starts {@code count} workers, w1…wN, and the watcher. */
  public void start(int count) throws IOException {
    Files.createDirectories(logs);
    for (int i = 1; i <= count; i++) {
      Slot slot = new Slot("w" + i);
      slot.logFrom = logSize(slot);
      slot.process = launcher.launch(slot.name);
      slots.add(slot);
    }
    watcher.setDaemon(true);
    watcher.start();
  }

  /**
   * Waits until every worker says it started (its engine runs), at most {@code bound}: a run judges
   * a fleet that is up, not JVMs still loading classes. Returns the workers not up by then.
   */
  public List<String> awaitStarted(Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    List<Slot> waiting = new ArrayList<>(slots);
    while (true) {
      waiting.removeIf(this::started);
      if (waiting.isEmpty() || System.nanoTime() - deadline >= 0) {
        return waiting.stream().map(slot -> slot.name).toList();
      }
      Thread.sleep(100);
    }
  }

  private boolean started(Slot slot) {
    long pid;
    long from;
    synchronized (this) { // the watcher relaunches under this lock
      pid = slot.process.pid();
      from = slot.logFrom;
    }
    if (slot.startedPid == pid) {
      return true;
    }
    String said = "worker " + slot.name + "-" + pid + " started";
    try (SeekableByteChannel log = Files.newByteChannel(logOf(slot))) {
      log.position(from);
      // ISO-8859-1 reads any byte: a log line is never malformed input
      String written =
          new String(Channels.newInputStream(log).readAllBytes(), StandardCharsets.ISO_8859_1);
      if (written.lines().anyMatch(line -> line.startsWith(said))) {
        slot.startedPid = pid;
        return true;
      }
      return false;
    } catch (IOException e) {
      return false; // not written yet
    }
  }

  private long logSize(Slot slot) {
    try {
      return Files.size(logOf(slot));
    } catch (IOException e) {
      return 0; // not written yet
    }
  }

  private Path logOf(Slot slot) {
    return logs.resolve(slot.name + ".log");
  }

  public int size() {
    return slots.size();
  }

  /** Kills worker {@code index} (0-based) with SIGKILL; the watcher starts it again. */
  public synchronized String kill(int index) {
    Slot slot = slots.get(index);
    slot.process.destroyForcibly();
    kills.incrementAndGet();
    return slot.name + " (pid " + slot.process.pid() + ")";
  }

  /**
   * Deploys a new release to worker {@code index} (0-based), as a rolling deploy does one node at a
   * time: SIGTERM (its engine closes, handing its work back), and the watcher starts it again
   * registering the chaos machine's versions 1 to {@code version}, as it will after any later kill.
   */
  public synchronized String deploy(int index, int version) {
    Slot slot = slots.get(index);
    definitionVersions.put(slot.name, version);
    slot.process.destroy();
    deploys.incrementAndGet();
    return "SIGTERM "
        + slot.name
        + " (pid "
        + slot.process.pid()
        + "), back with versions 1-"
        + version;
  }

  public int deploys() {
    return deploys.get();
  }

  /** Kills a worker chosen by {@code random}. */
  public String killRandom(Random random) {
    return kill(random.nextInt(slots.size()));
  }

  /** A worker stopped by {@link #pause}: its name and the process that was stopped. */
  public record Paused(String name, Process process) {
    @Override
    public String toString() {
      return name + " (pid " + process.pid() + ")";
    }
  }

  /**
   * Stops worker {@code index} (0-based) with SIGSTOP, or the next live one when that one is dead
   * (killed a moment ago, not yet started again): it holds its connections and leases but does
   * nothing until {@link #resume}. Waits up to {@link #LIVE_WAIT_MS} for the watcher to start a
   * worker when none is alive. The watcher leaves a stopped worker alone (it is alive); a kill
   * meanwhile ends it as any other.
   */
  public Paused pause(int index) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LIVE_WAIT_MS);
    while (true) {
      synchronized (this) {
        for (int i = 0; i < slots.size(); i++) {
          Slot slot = slots.get((index + i) % slots.size());
          if (slot.process.isAlive()) {
            Paused paused = new Paused(slot.name, slot.process);
            try {
              signal("STOP", paused.process());
            } catch (IllegalStateException e) {
              if (paused.process().isAlive()) {
                throw e;
              }
              continue; // it exited between the look and the signal: the next live one
            }
            stopped.add(paused);
            pauses.incrementAndGet();
            return paused;
          }
        }
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no live worker to pause within " + LIVE_WAIT_MS + " ms");
      }
      Thread.sleep(50);
    }
  }

  /** Resumes a paused worker with SIGCONT (nothing when it was killed meanwhile). */
  public synchronized String resume(Paused paused) {
    if (!stopped.remove(paused)) {
      return paused + " already resumed";
    }
    if (!paused.process().isAlive()) {
      return paused + " was killed while stopped";
    }
    signal("CONT", paused.process());
    return "kill -CONT " + paused;
  }

  /**
   * The index of the worker whose live process leases as {@code owner} ({@code wN-<pid>}, as {@link
   * WorkerMain} names it), or -1: a killed worker's leases stay valid until they expire, and its
   * slot may not have been started again yet.
   */
  public synchronized int indexOfLive(String owner) {
    int index = indexOf(owner.replaceFirst("-.*", ""));
    if (index < 0) {
      return -1;
    }
    Process process = slots.get(index).process;
    return process.isAlive() && owner.equals(slots.get(index).name + "-" + process.pid())
        ? index
        : -1;
  }

  /** The index of worker {@code name} (w1 is 0), or -1. */
  public int indexOf(String name) {
    for (int i = 0; i < slots.size(); i++) {
      if (slots.get(i).name.equals(name)) {
        return i;
      }
    }
    return -1;
  }

  public int pauses() {
    return pauses.get();
  }

  private static void signal(String signal, Process process) {
    try {
      Process kill =
          new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid()))
              .redirectErrorStream(true)
              .start();
      if (!kill.waitFor(10, TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        throw new IllegalStateException(
            "kill -" + signal + " " + process.pid() + " did not end within 10 s");
      }
      if (kill.exitValue() != 0) { // read what it said before anything closes its output
        throw new IllegalStateException(
            "kill -"
                + signal
                + " "
                + process.pid()
                + " failed: "
                + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run kill -" + signal + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sending SIG" + signal, e);
    }
  }

  public int kills() {
    return kills.get();
  }

  public int restarts() {
    return restarts.get();
  }

  private void watch() {
    while (!stopping) {
      try {
        Thread.sleep(100);
        for (Slot slot : slots) {
          restartIfDead(slot);
        }
      } catch (InterruptedException e) {
        return;
      } catch (IOException e) {
        System.err.println("cannot restart a worker: " + e.getMessage());
      }
    }
  }

  private synchronized void restartIfDead(Slot slot) throws IOException {
    if (stopping || slot.process.isAlive()) {
      slot.deadSince = 0;
      return;
    }
    long now = System.nanoTime();
    if (slot.deadSince == 0) {
      slot.deadSince = now;
    } else if (now - slot.deadSince >= TimeUnit.MILLISECONDS.toNanos(RESTART_DELAY_MS)) {
      slot.logFrom = logSize(slot);
      slot.process = launcher.launch(slot.name);
      slot.deadSince = 0;
      restarts.incrementAndGet();
    }
  }

  private Process launchWorker(String name) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Path log = logs.resolve(name + ".log");
    return new ProcessBuilder(
            java,
            "-Xmx192m",
            "-XX:+UseSerialGC",
            "-Dorg.slf4j.simpleLogger.showDateTime=true",
            "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
            "-Duser.timezone=UTC",
            "-cp",
            jar.toString(),
            WorkerMain.class.getName(),
            "--jdbc-url",
            urlFor.apply(APPLICATION_PREFIX + name),
            "--name",
            name,
            "--break",
            breakage.flag(),
            "--clock-offset-millis",
            String.valueOf(clockOffsets.getOrDefault(name, Duration.ZERO).toMillis()),
            "--definition-version",
            String.valueOf(definitionVersions.getOrDefault(name, 1)))
        .redirectErrorStream(true)
        .redirectOutput(Redirect.appendTo(log.toFile()))
        .start();
  }

  /** Stops every worker: SIGTERM (the engine closes), SIGKILL after 15 s or when interrupted. */
  @Override
  public void close() {
    synchronized (this) {
      stopping = true;
    }
    watcher.interrupt();
    synchronized (this) {
      for (Paused paused : List.copyOf(stopped)) {
        if (paused.process().isAlive()) {
          resume(paused); // a stopped JVM would not run its shutdown hook
        }
      }
    }
    for (Slot slot : slots) {
      slot.process.destroy();
    }
    for (Slot slot : slots) {
      try {
        if (!slot.process.waitFor(15, TimeUnit.SECONDS)) {
          slot.process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        slot.process.destroyForcibly();
      }
    }
  }

  private static final class Slot {
    final String name;
    Process process;
    long deadSince;

    /** How long its log was when its process was launched: where that process's lines begin. */
    long logFrom;

    /** The pid of the process seen to have started; 0 while none is. */
    long startedPid;

    Slot(String name) {
      this.name = name;
    }
  }
}
