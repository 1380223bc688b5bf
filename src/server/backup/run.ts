/** Runs a PostgreSQL client program (pg_dump, pg_restore) to its end; its stderr in the error when it fails. */
import { spawn } from 'node:child_process';

export function runProgram(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', (e) => reject(new Error(`${cmd} não pôde ser executado: ${e.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} terminou com código ${code}: ${err.trim().slice(0, 2000)}`))));
  });
}
