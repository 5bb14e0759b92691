import { wireLocalPorts } from '#local/wiring';
import { usePasswordCost } from '#shared/domain/passwords';
import { TEST_PASSWORD_COST } from './password-cost';

// Every test process is a local run: the folder object storage and the key-file secret box, as
// `npm start` wires them. Tests that need the scheduler or the queues start the local stack (or
// wire recording ones).
wireLocalPorts();
// In-process sign-ins hash at a test cost (test/support/password-cost.ts).
usePasswordCost(TEST_PASSWORD_COST);
