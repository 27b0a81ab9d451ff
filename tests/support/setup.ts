import { afterAll } from 'vitest';
import { closeTestDatabases } from './testDatabase';

afterAll(closeTestDatabases);
