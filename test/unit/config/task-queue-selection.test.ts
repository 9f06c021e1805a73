import { ConfigError } from '../../../lib/config';
import { selectTaskQueues } from '../../../workers/task-queue-selection';

const inUse = ['automation', 'exports', 'imports', 'maintenance'];

describe('WORKER_TASK_QUEUES', () => {
  it('polls every queue by default, a named few, or all but some', () => {
    expect(selectTaskQueues('all', inUse)).toEqual(inUse);
    expect(selectTaskQueues('', inUse)).toEqual(inUse);
    expect(selectTaskQueues(' exports ', inUse)).toEqual(['exports']);
    expect(selectTaskQueues('maintenance,exports,exports', inUse)).toEqual(['exports', 'maintenance']);
    expect(selectTaskQueues('all,-exports', inUse)).toEqual(['automation', 'imports', 'maintenance']);
    expect(selectTaskQueues('-exports', inUse)).toEqual(['automation', 'imports', 'maintenance']);
  });

  it('refuses a queue no contract names, and a selection that leaves nothing to poll', () => {
    expect(() => selectTaskQueues('exprots', inUse)).toThrow(
      new ConfigError(
        'WORKER_TASK_QUEUES names unknown task queues (exprots); the queues are: automation, exports, imports, maintenance (or all)',
      ),
    );
    expect(() => selectTaskQueues('exports,-exports', inUse)).toThrow(ConfigError);
  });
});
