import { NO_MACHINE_CUPS } from './test-cups';

// No test reads or changes the machine's CUPS: a file that prints asks for its own scheduler
// (useTestCups); every other file's CUPS tools find none.
process.env.CUPS_SERVER = NO_MACHINE_CUPS;
