import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Screens are lazy chunks: the first one a test file opens is compiled and evaluated on demand
// (styled-components, Formik, the UI kit), which can take more than the default 1 s under jsdom.
// CI runs the client, server and PostgreSQL projects side by side on 2 cores, where a mocked
// request has been seen to take over 4 s to answer; 10 s stays well inside the 30 s test timeout.
configure({ asyncUtilTimeout: 10000 });
