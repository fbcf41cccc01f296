// The local-vs-real corpus (test/fixtures/local-vs-real): requests in the console format of the differential corpus,
// written to reach every query clause, aggregation, body field and URL parameter the local cluster claims to
// support, and the tasks, nodes, cat and index APIs it implements.
import * as path from 'node:path';

export const LOCAL_VS_REAL_DIR = path.join('test', 'fixtures', 'local-vs-real');
