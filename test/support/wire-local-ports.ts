import { wireLocalPorts } from '#local/wiring';

// Every test process is a local run: the folder object storage and the key-file secret box, as
// `npm start` wires them. Tests that need the scheduler or the queues start the local stack (or
// wire recording ones).
wireLocalPorts();
