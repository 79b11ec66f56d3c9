import { writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { invalidInput, notFound } from '../../modules/admin.errors.js';
import { createPassageIndex } from '../../modules/documents/document-services.js';
import { getProjectCells, runProject } from '../../modules/projects/project-cells.usecases.js';
import { exportProject } from '../../modules/projects/project-export.usecases.js';
import { loadConfig } from '../../config/config.js';
import { createCellEngine, createProjectServices } from '../../modules/projects/project-services.js';
import { withStore, type GlobalOptions } from '../context.js';
import { printResult } from '../output.js';
import { parseId } from './parse.js';

type Opts = GlobalOptions & Record<string, string | boolean | undefined>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `folio project run` and `folio project export`: the review-table engine from the command line. */
export function registerProjectRunCommands(project: Command): void {
  project
    .command('run')
    .description("run every cell of a project not yet done, with a progress bar (--json: a summary when done)")
    .requiredOption('--project <id>')
    .option('--concurrency <n>', 'cells answered at once', '4')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const projectId = parseId(str(o.project), 'project id');
      const concurrency = parseId(str(o.concurrency), 'concurrency');
      await withStore(o, async (deps, opened) => {
        const owner = await deps.store.admin.orgOfProject(projectId);
        if (!owner) throw notFound('project', projectId);
        const log = { warn: (obj: object, msg: string) => !o.json && process.stderr.write(`${msg}: ${JSON.stringify(obj)}\n`), error: (obj: object, msg: string) => process.stderr.write(`${msg}: ${JSON.stringify(obj)}\n`) };
        const services = createProjectServices({
          ...deps,
          // FOLIO_LLM_* as the server reads them: a configured model answers cells here too.
          engine: createCellEngine(loadConfig(process.env).llm, log),
          passages: createPassageIndex(deps, opened.passageBackend),
          concurrency,
          log,
        });
        const started = performance.now();
        const bar = o.json ? null : new cliProgress.SingleBar({ format: 'cells |{bar}| {value}/{total} ({failed} failed)', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic);
        await runProject(deps, () => {}, owner.workspaceId, projectId);
        await services.runner.start();
        let progress = (await getProjectCells(deps, owner.workspaceId, projectId)).progress;
        bar?.start(progress.total, progress.done + progress.failed, { failed: progress.failed });
        while (progress.done + progress.failed < progress.total) {
          await new Promise((r) => setTimeout(r, 200));
          progress = (await getProjectCells(deps, owner.workspaceId, projectId)).progress;
          bar?.update(progress.done + progress.failed, { failed: progress.failed });
        }
        bar?.stop();
        await services.runner.stop();
        const summary = { project_id: projectId, ...progress, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
        if (o.json) printResult(summary, true);
        else process.stdout.write(`project ${projectId}: ${progress.done} cells done, ${progress.failed} failed of ${progress.total} in ${summary.seconds} s\n`);
      });
    });

  project
    .command('export')
    .description('write the grid as CSV, or XLSX with a Citations sheet')
    .requiredOption('--project <id>')
    .option('--format <format>', 'csv or xlsx', 'csv')
    .requiredOption('--out <file>')
    .action(async (_o, cmd: Command) => {
      const o = cmd.optsWithGlobals<Opts>();
      const projectId = parseId(str(o.project), 'project id');
      const format = str(o.format);
      if (format !== 'csv' && format !== 'xlsx') throw invalidInput('format must be csv or xlsx');
      await withStore(o, async (deps) => {
        const owner = await deps.store.admin.orgOfProject(projectId);
        if (!owner) throw notFound('project', projectId);
        const exported = await exportProject(deps, owner.workspaceId, projectId, format);
        writeFileSync(str(o.out), exported.body);
        printResult({ project_id: projectId, format, out: str(o.out), bytes: exported.body.length }, Boolean(o.json));
      });
    });
}
