import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only under global test functions, which we do not enable.
afterEach(cleanup);
