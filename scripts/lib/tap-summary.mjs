/**
 * What a browser-suite run has learned so far, from node's TAP report (written as tests end): the
 * top-level scenarios that passed, failed, and the ones started but not finished. Used when the
 * watchdog stops a run, so it still says which scenarios had passed (issue 28).
 */
export function summarizeTap(tap) {
  const started = [];
  const passed = [];
  const failed = [];
  for (const line of tap.split('\n')) {
    // Top-level entries only: subtests are indented.
    const sub = /^# Subtest: (.*)$/.exec(line);
    if (sub) {
      started.push(sub[1]);
      continue;
    }
    const result = /^(not )?ok \d+ - (.*?)(?: # (?:SKIP|TODO).*)?$/.exec(line);
    if (result) (result[1] ? failed : passed).push(result[2]);
  }
  const done = new Set([...passed, ...failed]);
  const running = started.filter((name) => !done.has(name));
  return { passed, failed, running };
}

/** The lines a stopped run prints: each scenario by outcome, then the counts (still running counts as failed). */
export function formatSummary({ passed, failed, running }) {
  const lines = [];
  for (const n of passed) lines.push(`✔ ${n}`);
  for (const n of failed) lines.push(`✖ ${n}`);
  for (const n of running) lines.push(`… ${n} (interrompido: ainda rodando)`);
  const fail = failed.length + running.length;
  lines.push(`# pass ${passed.length}`, `# fail ${fail}`, `${passed.length} passed, ${fail} failed`);
  return `${lines.join('\n')}\n`;
}
