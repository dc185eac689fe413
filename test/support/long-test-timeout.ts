// Tests of real processes and servers: a busy machine must not fail them on jest's 5 s default.
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
