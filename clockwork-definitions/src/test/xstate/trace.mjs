// Runs every case of the XState interchange corpus through XState itself and prints their traces
// as one JSON object {case: [line, ...]}, the lines XStateConformanceTest builds on the Clockwork
// side (active leaves, count, delays armed). Usage: node trace.mjs <corpus dir>. A case is {"machine": <XState JSON>, "events": [...]}
// where an event is a type ("PAY") or "wait:<ms>", which advances the simulated clock (no wall time).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assign, createActor, createMachine, SimulatedClock } from 'xstate';

// The fixed behaviours the corpus may name, implemented identically in XStateConformanceTest.
const behaviours = {
  guards: {
    yes: () => true,
    never: () => false,
    countAtLeast2: ({ context }) => (context.count ?? 0) >= 2,
  },
  actions: {
    inc: assign({ count: ({ context }) => (context.count ?? 0) + 1 }),
  },
};

function leaves(value, prefix, out) {
  if (typeof value === 'string') {
    out.push(prefix + value);
  } else {
    for (const [key, child] of Object.entries(value)) {
      if (child && typeof child === 'object' && Object.keys(child).length === 0) {
        out.push(prefix + key);
      } else {
        leaves(child, prefix + key + '.', out);
      }
    }
  }
  return out;
}

// The delays armed, as ms left until each fires, read from the simulated clock's pending timeouts.
function armed(clock) {
  const left = [...clock.timeouts.values()].map((t) => t.start + t.timeout - clock.now());
  return left.sort((a, b) => a - b);
}

function line(step, snapshot, clock) {
  const value = leaves(snapshot.value, '', []).sort();
  const done = snapshot.status === 'done' ? ' done' : '';
  const count = snapshot.context?.count ?? 0;
  return `${step} -> [${value.join(', ')}] count=${count} delays=[${armed(clock).join(', ')}]${done}`;
}

function run(kase) {
  const clock = new SimulatedClock();
  const machine = createMachine(kase.machine).provide(behaviours);
  const actor = createActor(machine, { clock });
  const trace = [];
  actor.start();
  trace.push(line('start', actor.getSnapshot(), clock));
  for (const event of kase.events) {
    if (event.startsWith('wait:')) {
      clock.increment(Number(event.slice(5)));
    } else {
      actor.send({ type: event });
    }
    trace.push(line(event, actor.getSnapshot(), clock));
  }
  actor.stop();
  return trace;
}

const dir = process.argv[2];
const traces = {};
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const kase = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  try {
    traces[file] = run(kase);
  } catch (e) {
    traces[file] = [`error: ${e.message}`];
  }
}
process.stdout.write(JSON.stringify(traces, null, 1) + '\n');
